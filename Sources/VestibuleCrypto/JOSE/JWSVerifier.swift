import Foundation
import VestibuleJSON

/// Verifies compact JWS against cached keys and an algorithm allow-list.
///
/// Checks run in an order that never lets the token choose how it is verified: the header's
/// `alg` is rejected if it is `none` or not allowed *before* any key is looked up, and the key the
/// `kid` selects must itself be of that algorithm (so an `HS256` header can never make an RSA
/// public key act as an HMAC secret).
public struct JWSVerifier: Sendable {
    /// Compact tokens longer than this are refused unparsed (ID tokens are a few KiB).
    public static let maximumLength = 64 * 1024

    private enum Keys: Sendable {
        case cache(KeyCache)
        case pinned(PublicKey)
    }

    private let keys: Keys
    /// The algorithms a token may name.
    public let allowedAlgorithms: Set<JWSAlgorithm>

    /// A verifier that selects the key by the header's `kid` from `keys`.
    public init(keys: KeyCache, allowedAlgorithms: Set<JWSAlgorithm>) {
        self.keys = .cache(keys)
        self.allowedAlgorithms = allowedAlgorithms
    }

    /// A verifier for one pinned key, which ignores the header's `kid` (for example a key
    /// registered out of band, or the RFC examples, which carry no `kid`).
    public init(key: PublicKey, allowedAlgorithms: Set<JWSAlgorithm>) {
        self.keys = .pinned(key)
        self.allowedAlgorithms = allowedAlgorithms
    }

    /// Verifies `compact` and returns its header and payload bytes.
    /// - Throws: ``JWSError`` with the first check that failed.
    public func verify(_ compact: String) throws(JWSError) -> (header: JWSHeader, payload: [UInt8]) {
        guard compact.utf8.count <= Self.maximumLength else { throw JWSError(.malformed, "token too long") }
        // Split the bytes, not the Characters: grapheme segmentation made splitting cost more than the
        // RSA verification itself (measured with `make bench`).
        let bytes = Array(compact.utf8)
        let dots = bytes.indices.filter { bytes[$0] == UInt8(ascii: ".") }
        guard dots.count == 2 else { throw JWSError(.malformed, "not three segments") }
        let header = try Self.decodeHeader(bytes[..<dots[0]])

        guard header.alg.lowercased() != "none" else { throw JWSError(.algorithmNone, "unsigned token") }
        guard let algorithm = JWSAlgorithm(rawValue: header.alg), allowedAlgorithms.contains(algorithm) else {
            throw JWSError(.algorithmNotAllowed, "alg \(JWSError.quoted(header.alg)) is not allowed")
        }
        guard header.crit == nil else { throw JWSError(.malformed, "critical header extensions are not supported") }

        let key = try selectKey(kid: header.kid)
        guard key.algorithm == algorithm else {
            throw JWSError(.algorithmKeyMismatch, "alg \(algorithm.rawValue) with a \(key.algorithm.rawValue) key")
        }

        let payload = try Self.decodeSegment(bytes[(dots[0] + 1)..<dots[1]], "payload")
        let signature = try Self.decodeSegment(bytes[(dots[1] + 1)...], "signature")
        guard key.isValidSignature(signature, for: Array(bytes[..<dots[1]])) else {
            throw JWSError(.badSignature, "signature does not verify")
        }
        return (JWSHeader(alg: header.alg, kid: header.kid, typ: header.typ), payload)
    }

    private func selectKey(kid: String?) throws(JWSError) -> PublicKey {
        switch keys {
        case .pinned(let key):
            return key
        case .cache(let cache):
            guard let kid else { throw JWSError(.unknownKeyID, "header has no kid") }
            guard let key = cache.key(for: kid) else {
                throw JWSError(.unknownKeyID, "no key with kid \(JWSError.quoted(kid))")
            }
            return key
        }
    }

    /// The header members read during verification; `crit` is read only to refuse it.
    private struct ProtectedHeader: Decodable {
        var alg: String
        var kid: String?
        var typ: String?
        var crit: [String]?
    }

    private static func decodeHeader(_ segment: ArraySlice<UInt8>) throws(JWSError) -> ProtectedHeader {
        let bytes = try decodeSegment(segment, "header")
        do {
            return try JSONDecoder().decodeStrictly(ProtectedHeader.self, from: bytes)
        } catch {
            throw JWSError(.malformed, "header is not a JSON object with a string alg")
        }
    }

    private static func decodeSegment(_ segment: ArraySlice<UInt8>, _ name: String) throws(JWSError) -> [UInt8] {
        do {
            return try Base64URL.decode(utf8: segment)
        } catch {
            throw JWSError(.malformed, "\(name) is not base64url")
        }
    }
}
