import Foundation
import VestibuleCrypto

/// The keys that seal secrets at rest (signing keys now; refresh tokens and more later).
///
/// They come from `VESTIBULE_SECRET_KEYS` (comma-separated) when set, otherwise from the data folder's
/// `secret-keys` file, one per line, created with a fresh key and mode 0600 on first start.
/// The first key seals; every listed key opens. To rotate: put a new key first, keep the old ones after it
/// until `vestibule rotate-signing-key` (or a later reseal) no longer needs them.
enum SecretKeyFile {
    static let environmentVariable = "VESTIBULE_SECRET_KEYS"
    static let fileName = "secret-keys"

    /// The configured keys, current first.
    static func load(dataDirectory: String, environment: [String: String]) throws(StartupError) -> [SecretKey] {
        if let list = environment[environmentVariable] { return try keys(inList: list) }
        return try decode(readOrCreate(at: (dataDirectory as NSString).appendingPathComponent(fileName)))
    }

    /// The keys in a comma-separated list, as ``environmentVariable`` holds them, current first.
    static func keys(inList list: String) throws(StartupError) -> [SecretKey] {
        try decode(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// The keys in an existing file of this format, current first (a copy that `vestibule restore` puts back).
    static func read(at path: String) throws(StartupError) -> [SecretKey] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StartupError("The secret keys file \(path) cannot be read. Check the path and its permissions.")
        }
        return try decode(lines(of: data))
    }

    private static func decode(_ encoded: [String]) throws(StartupError) -> [SecretKey] {
        var keys: [SecretKey] = []
        for (index, text) in encoded.enumerated() {
            do { keys.append(try SecretKey(base64url: text)) } catch {
                // Never echo the key itself.
                throw StartupError("Secret key number \(index + 1) is not a base64url-encoded 32-byte key.")
            }
        }
        guard !keys.isEmpty else {
            throw StartupError("No secret key is configured. Set \(environmentVariable) or remove the empty \(fileName) file.")
        }
        return keys
    }

    static func secretBox(_ keys: [SecretKey]) throws(StartupError) -> SecretBox {
        do { return try SecretBox(keys: keys) } catch {
            throw StartupError("The secret keys cannot be used: \(error).")
        }
    }

    /// A key for one purpose (anti-forgery tokens…), derived from the current secret key so that operators
    /// manage one secret. HMAC-SHA-256 keyed with the secret is a PRF, so derived keys are independent.
    static func derivedKey(from keys: [SecretKey], purpose: String) throws(StartupError) -> [UInt8] {
        // `load` never returns an empty list.
        do { return HMAC.sha256(key: try Base64URL.decode(keys[0].encoded), message: Array(purpose.utf8)) } catch {
            throw StartupError("The current secret key is not valid base64url.")
        }
    }

    /// The lines that hold keys: not blank, not comments.
    private static func lines(of data: Data) -> [String] {
        String(decoding: data, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    private static func readOrCreate(at path: String) throws(StartupError) -> [String] {
        if let data = FileManager.default.contents(atPath: path) { return lines(of: data) }
        let key = SecretKey.generate().encoded
        let contents = """
            # Vestibule's at-rest secret keys, one per line. The first seals; all open.
            # Back this file up with the database: without it, sealed secrets cannot be read.
            \(key)

            """
        guard FileManager.default.createFile(
            atPath: path,
            contents: Data(contents.utf8),
            attributes: [.posixPermissions: 0o600]
        ) else {
            throw StartupError("Cannot create \(path). Check that the data folder is writable.")
        }
        return [key]
    }
}
