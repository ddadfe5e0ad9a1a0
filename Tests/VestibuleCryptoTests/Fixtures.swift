import Foundation
import VestibuleCrypto

/// Locates test data relative to this file, so no SwiftPM resources are needed.
enum Fixtures {
    /// `Tests/VestibuleCryptoTests/`.
    static let testsDirectory = URL(filePath: #filePath).deletingLastPathComponent()
    /// The package root.
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    /// Shared vectors next to the package (`<root>/../shared/vectors`), absent in some checkouts.
    static let sharedVectors = packageRoot.deletingLastPathComponent().appending(path: "shared/vectors")
    static let appleTokensFile = sharedVectors.appending(path: "apple/apple-signed-jwts.json")
    static let appleTokensAvailable = FileManager.default.fileExists(atPath: appleTokensFile.path)

    /// Decodes `Vectors/<name>` next to the tests.
    static func vector<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        try decode(testsDirectory.appending(path: "Vectors/\(name)"))
    }

    static func decode<T: Decodable>(_ url: URL, as type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }

    /// A fixed instant for time-claim tests.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
}

extension Array where Element == UInt8 {
    init(hex: String) {
        let digits = Array(hex.utf8)
        self = stride(from: 0, to: digits.count, by: 2).map { index in
            UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)!
        }
    }

    var hex: String { map { String(format: "%02x", $0) }.joined() }
}

extension JWKS {
    /// A key set holding `keys` under their given ids.
    static func of(_ keys: [(SigningKey, String)]) -> JWKS {
        JWKS(keys: keys.map { key, id in key.publicJWK(keyID: id) })
    }
}

/// Builds compact tokens by hand, for attacks a well-behaved signer would never produce.
enum Forge {
    static func segment(_ json: String) -> String { Base64URL.encode(Array(json.utf8)) }

    static func claims(exp: Date, nbf: Date? = nil, iat: Date? = nil) -> [UInt8] {
        var members = [#""iss":"https://issuer.example""#, #""sub":"user-1""#, #""aud":"client-1""#,
                       "\"exp\":\(Int(exp.timeIntervalSince1970))"]
        if let nbf { members.append("\"nbf\":\(Int(nbf.timeIntervalSince1970))") }
        if let iat { members.append("\"iat\":\(Int(iat.timeIntervalSince1970))") }
        return Array("{\(members.joined(separator: ","))}".utf8)
    }
}
