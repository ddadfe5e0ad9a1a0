/// Authenticated encryption for secrets at rest (XChaCha20-Poly1305-IETF, libsodium), with a
/// key ring for rotation.
///
/// Sealed layout: `0x01 ‖ len(id) ‖ id ‖ nonce (24) ‖ ciphertext ‖ tag (16)`. The version, key id
/// and caller's associated data are all authenticated, so none can be swapped. Nonces are random:
/// 192 bits make collisions negligible without any counter state.
public struct SecretBox: Sendable {
    private static let version: UInt8 = 1
    private let keys: [SecretKey]

    /// A box whose first key seals and whose every key opens.
    /// - Throws: `.invalidParameters` for an empty ring or duplicate key ids.
    public init(keys: [SecretKey]) throws(CryptoError) {
        guard !keys.isEmpty else { throw CryptoError(.invalidParameters, "key ring is empty") }
        guard Set(keys.map(\.id)).count == keys.count else {
            throw CryptoError(.invalidParameters, "key ring has duplicate ids")
        }
        self.keys = keys
    }

    /// The key that seals.
    public var currentKeyID: String { keys[0].id }

    /// Encrypts and authenticates `plaintext`, binding `associatedData` (for example the row id).
    public func seal(_ plaintext: [UInt8], associatedData: [UInt8] = []) -> [UInt8] {
        let key = keys[0]
        let header = [Self.version, UInt8(key.id.utf8.count)] + Array(key.id.utf8)
        let nonce = SecureRandom.bytes(Sodium.xchachaNonceBytes)
        let ciphertext = Sodium.xchachaSeal(plaintext, additional: header + associatedData, nonce: nonce, key: key.bytes)
        return header + nonce + ciphertext
    }

    /// Decrypts data sealed by a box holding the same key.
    /// - Throws: `.invalidEncoding` if not a sealed box, `.unknownKeyID` if its key is not in the
    ///   ring, `.authenticationFailed` if it or its associated data was altered.
    public func open(_ sealed: [UInt8], associatedData: [UInt8] = []) throws(CryptoError) -> [UInt8] {
        let parts = try Self.parse(sealed)
        guard let key = keys.first(where: { $0.id == parts.keyID }) else {
            throw CryptoError(.unknownKeyID, "sealed under key \(parts.keyID), not in the ring")
        }
        let additional = Array(sealed[..<parts.headerLength]) + associatedData
        guard let plaintext = Sodium.xchachaOpen(parts.ciphertext, additional: additional, nonce: parts.nonce, key: key.bytes)
        else { throw CryptoError(.authenticationFailed, "sealed data failed authentication") }
        return plaintext
    }

    /// Whether `sealed` names a key other than the current one (reseal it: open, then seal).
    /// False for data that is not a sealed box.
    public func needsResealing(_ sealed: [UInt8]) -> Bool {
        guard let parts = try? Self.parse(sealed) else { return false }
        return parts.keyID != currentKeyID
    }

    private static func parse(
        _ sealed: [UInt8]
    ) throws(CryptoError) -> (keyID: String, headerLength: Int, nonce: [UInt8], ciphertext: [UInt8]) {
        let nonceLength = Sodium.xchachaNonceBytes
        guard sealed.count >= 2, sealed[0] == version else { throw CryptoError(.invalidEncoding, "not a sealed box") }
        let headerLength = 2 + Int(sealed[1])
        guard sealed.count >= headerLength + nonceLength + Sodium.xchachaTagBytes,
              let keyID = String(validating: sealed[2..<headerLength], as: UTF8.self)
        else { throw CryptoError(.invalidEncoding, "sealed box is truncated") }
        let nonceEnd = headerLength + nonceLength
        return (keyID, headerLength, Array(sealed[headerLength..<nonceEnd]), Array(sealed[nonceEnd...]))
    }
}
