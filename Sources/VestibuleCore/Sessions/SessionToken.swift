import VestibuleCrypto

/// The secret a client presents to prove its session: 256 random bits, base64url-encoded.
/// Only ``SessionToken/hash`` is ever stored.
public struct SessionToken: Sendable, Hashable {
    public let value: String

    public init(value: String) { self.value = value }

    static func generate() -> SessionToken { SessionToken(value: SecureRandom.token(byteCount: 32)) }

    /// SHA-256 of the token's text. A fast hash suffices: the token is random, not a guessable password.
    public var hash: [UInt8] { SHA2.sha256(Array(value.utf8)) }
}
