import Foundation
import VestibuleCrypto
import VestibuleJSON

/// The real Apple-signed tokens in `../shared/vectors/apple/`, when that folder is next to the package.
struct AppleVectors {
    struct Vector {
        let id: String
        let kind: String
        let token: String
        let claims: JSONValue
        let clock: Date
        let derived: JSONValue?
    }

    static let file = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "shared/vectors/apple/apple-signed-jwts.json")
    static let isAvailable = FileManager.default.fileExists(atPath: file.path)
    static let skipMessage = "needs ../shared/vectors/apple/apple-signed-jwts.json next to this package"

    let jwks: JWKS
    let vectors: [Vector]

    init() throws {
        let data = try Data(contentsOf: Self.file)
        let root = try JSONDecoder().decode(JSONValue.self, from: data)
        jwks = try JSONDecoder().decode(JWKS.self, from: Data((root["jwks"] ?? .null).serialized))
        vectors = (root["vectors"]?.arrayValue ?? []).compactMap { item in
            guard let id = item["id"]?.stringValue, let token = item["token"]?.stringValue,
                  let clock = item["suggested_fixed_clock_unix"]?.doubleValue
            else { return nil }
            return Vector(
                id: id, kind: item["kind"]?.stringValue ?? "", token: token, claims: item["claims"] ?? .null,
                clock: Date(timeIntervalSince1970: clock), derived: item["derived_checks"]
            )
        }
    }

    func vector(_ id: String) throws -> Vector {
        guard let vector = vectors.first(where: { $0.id == id }) else { throw VectorMissing(id: id) }
        return vector
    }

    struct VectorMissing: Error { let id: String }
}
