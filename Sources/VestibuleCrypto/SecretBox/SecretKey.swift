/// A 256-bit key for ``SecretBox``, with a short public id that sealed data carries.
///
/// Its description and reflection show only the id, so logging a key (or a struct holding one)
/// does not leak it.
public struct SecretKey: Sendable, CustomStringConvertible, CustomReflectable {
    /// Key length in bytes.
    public static let byteCount = 32

    /// The key's id: given, or the first 8 hex digits of a domain-separated SHA-256 of the key.
    public let id: String
    let bytes: [UInt8]

    /// A key from raw bytes.
    /// - Parameter id: 1 to 64 printable ASCII characters without spaces; derived from the key when nil.
    public init(bytes: [UInt8], id: String? = nil) throws(CryptoError) {
        guard bytes.count == Self.byteCount else { throw CryptoError(.invalidKey, "secret key must be 32 bytes") }
        let id = id ?? Self.derivedID(bytes)
        guard (1...64).contains(id.utf8.count), id.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw CryptoError(.invalidParameters, "secret key id must be 1-64 printable ASCII characters")
        }
        self.bytes = bytes
        self.id = id
    }

    /// A key from its base64url encoding (see ``encoded``).
    public init(base64url: String, id: String? = nil) throws(CryptoError) {
        try self.init(bytes: Base64URL.decode(base64url), id: id)
    }

    /// A new random key.
    public static func generate(id: String? = nil) -> SecretKey {
        // Cannot fail: 32 random bytes, and a derived id is always valid; a given one is checked.
        do {
            return try SecretKey(bytes: SecureRandom.bytes(byteCount), id: id)
        } catch {
            preconditionFailure("invalid secret key id")
        }
    }

    /// The key as base64url, for configuration. Secret.
    public var encoded: String { Base64URL.encode(bytes) }

    public var description: String { "SecretKey(id: \(id))" }

    public var customMirror: Mirror { Mirror(self, children: ["id": id]) }

    private static func derivedID(_ bytes: [UInt8]) -> String {
        // Domain separation: the id is a hash of the key under a label, so it can't be mistaken
        // for (or reveal) a hash of the key used anywhere else. 32 bits identify keys in a ring.
        let digest = SHA2.sha256(Array("vestibule.secretbox.key-id".utf8) + [0] + bytes)
        return Hex.encode(digest.prefix(4))
    }
}
