import VestibuleCrypto

/// The secret a client presents to prove its session: 256 random bits, base64url-encoded, never starting with
/// ``GuestToken/prefix`` (so a bearer token says which kind it is). Only ``SessionToken/hash`` is ever stored.
public struct SessionToken: Sendable, Hashable {
    public let value: String

    public init(value: String) { self.value = value }

    static func generate() -> SessionToken {
        while true {
            let value = SecureRandom.token(byteCount: 32)
            if !value.hasPrefix(GuestToken.prefix) { return SessionToken(value: value) }
        }
    }

    /// SHA-256 of the token's text. A fast hash suffices: the token is random, not a guessable password.
    public var hash: [UInt8] { SHA2.sha256(Array(value.utf8)) }
}
