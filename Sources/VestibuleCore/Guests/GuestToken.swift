import VestibuleCrypto

/// The bearer secret of a guest: `vg_` and 256 random bits, base64url-encoded. Only ``hash`` is stored.
///
/// Session tokens never start with ``prefix`` (``SessionToken``), so an `Authorization: Bearer` value names
/// its kind by its first three characters.
public struct GuestToken: Sendable, Hashable {
    public static let prefix = "vg_"

    public let value: String

    /// The token a client presented, or `nil` when it is not shaped like a guest token.
    public init?(presented value: String) {
        guard value.hasPrefix(Self.prefix) else { return nil }
        self.value = value
    }

    private init(value: String) { self.value = value }

    static func generate() -> GuestToken { GuestToken(value: Self.prefix + SecureRandom.token(byteCount: 32)) }

    /// SHA-256 of the token's text; a fast hash suffices for a random token.
    public var hash: [UInt8] { SHA2.sha256(Array(value.utf8)) }
}
