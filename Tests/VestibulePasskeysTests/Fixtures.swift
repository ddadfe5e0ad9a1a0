import Foundation
import VestibuleCrypto
@testable import VestibulePasskeys

/// Locates test data relative to this file, so no SwiftPM resources are needed.
enum Fixtures {
    /// `Tests/VestibulePasskeysTests/`.
    static let testsDirectory = URL(filePath: #filePath).deletingLastPathComponent()
    /// The package root.
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    /// Shared WebAuthn vectors next to the package (`<root>/../shared/vectors/webauthn`), absent in some checkouts.
    static let webAuthnVectors = packageRoot.deletingLastPathComponent().appending(path: "shared/vectors/webauthn")
    static let webAuthnVectorsAvailable = FileManager.default.fileExists(
        atPath: webAuthnVectors.appending(path: "spec-vectors.json").path
    )
    static let skipMessage = "needs ../shared/vectors/webauthn/*.json next to this package"

    /// Decodes `name` from the shared WebAuthn vectors, or nil when the folder is absent.
    static func webAuthn<T: Decodable>(_ name: String, as type: T.Type = T.self) -> T? {
        guard let data = try? Data(contentsOf: webAuthnVectors.appending(path: name)) else { return nil }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            fatalError("\(name) does not decode: \(error)")
        }
    }
}

extension Array where Element == UInt8 {
    init(hex: String) {
        let digits = Array(hex.utf8)
        self = stride(from: 0, to: digits.count, by: 2).map { index in
            UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)!
        }
    }

    /// Base64url, with or without `=` padding (some vectors are padded, two py_webauthn TPM ones use `+/`).
    /// Accepts `+/` too (two py_webauthn TPM vectors). Non-zero trailing bits are ignored, as in client data (some challenges are plain strings such as UUIDs).
    init(base64url text: String) {
        let urlSafe = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        self = Base64URL.decodeLeniently(urlSafe)!
    }

    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
