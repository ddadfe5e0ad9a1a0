import Synchronization
import VestibuleCrypto

/// The emulator's RS256 keys: the newest signs, the last few are published at `/auth/keys` so tokens signed
/// before a rotation still verify, as with Apple's several keys.
final class SigningKeyRing: Sendable {
    struct Entry: Sendable {
        let keyID: String
        let key: SigningKey
    }

    /// How many keys `/auth/keys` lists (Apple has listed two or three at a time).
    private static let published = 3
    /// Newest first; never empty.
    private let entries: Mutex<[Entry]>

    init() throws(CryptoError) {
        entries = Mutex([try Self.newEntry()])
    }

    /// The key that signs new tokens.
    var current: Entry { entries.withLock { $0[0] } }

    var jwks: JWKS {
        JWKS(keys: entries.withLock { $0.map { $0.key.publicJWK(keyID: $0.keyID) } })
    }

    /// Signs with a new key from now on; the oldest published key beyond ``published`` is dropped.
    func rotate() throws(CryptoError) {
        let entry = try Self.newEntry()
        entries.withLock { $0 = Array(([entry] + $0).prefix(Self.published)) }
    }

    /// Signs `payload` (JSON claims) with the current key. Apple's headers carry `kid` and `alg`, no `typ`.
    func sign(_ payload: [UInt8]) throws(CryptoError) -> String {
        let entry = current
        return try JWS.sign(payload: payload, key: entry.key, keyID: entry.keyID, type: nil)
    }

    /// A 2048-bit RSA key and a 10-character key id like Apple's (`lVHdOx8ltR`).
    private static func newEntry() throws(CryptoError) -> Entry {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let keyID = String(SecureRandom.bytes(10).map { alphabet[Int($0) % alphabet.count] })
        return Entry(keyID: keyID, key: try SigningKey.generate(.rs256))
    }
}
