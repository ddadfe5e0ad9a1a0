import Foundation
import VestibuleCrypto
import VestibuleJSON

/// The client data (WebAuthn §5.8.1) that the browser or platform serialized as `clientDataJSON`.
///
/// Parsed as JSON, never matched against a template: member order, whitespace and unknown members
/// (`tokenBinding`, `other_keys_can_be_added_here`) vary between clients and are ignored.
public struct CollectedClientData: Sendable {
    /// `webauthn.create` or `webauthn.get`.
    public let type: String
    /// The decoded challenge bytes.
    public let challenge: [UInt8]
    /// The caller's origin, e.g. `https://example.org` or `android:apk-key-hash:…`.
    public let origin: String
    /// True when the call came from a cross-origin iframe.
    public let crossOrigin: Bool
    /// The top-level origin, present for cross-origin calls.
    public let topOrigin: String?

    private struct Wire: Decodable {
        let type: String
        let challenge: String
        let origin: String
        let crossOrigin: Bool?
        let topOrigin: String?
    }

    /// Parses `clientDataJSON` (UTF-8 JSON, at most 64 KiB).
    public init(json: [UInt8]) throws(PasskeyError) {
        guard json.count <= 64 * 1024 else { throw PasskeyError(.malformed, "clientDataJSON is too large") }
        let wire: Wire
        do {
            wire = try JSONDecoder().decodeStrictly(Wire.self, from: json)
        } catch {
            throw PasskeyError(.malformed, "clientDataJSON is not valid client data")
        }
        guard let challenge = Base64URL.decodeLeniently(wire.challenge) else {
            throw PasskeyError(.malformed, "clientDataJSON challenge is not base64url")
        }
        type = wire.type
        self.challenge = challenge
        origin = wire.origin
        crossOrigin = wire.crossOrigin ?? false
        topOrigin = wire.topOrigin
    }
}
