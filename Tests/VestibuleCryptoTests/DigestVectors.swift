/// Known answers from `Vectors/digests.json`.
struct DigestVectors: Decodable {
    struct SHA2Case: Decodable, Sendable { var message: String; var sha256: String; var sha384: String; var sha512: String }
    struct HMACCase: Decodable, Sendable { var `case`: String; var key: String; var message: String; var mac: String }
    struct Base64Case: Decodable, Sendable { var bytes: String; var text: String }
    var sha2: [SHA2Case]
    var hmacSHA256: [HMACCase]
    var base64url: [Base64Case]

    static let all: DigestVectors = try! Fixtures.vector("digests.json")
}
