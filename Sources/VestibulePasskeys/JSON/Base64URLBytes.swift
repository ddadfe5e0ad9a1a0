internal import VestibuleCrypto

/// Bytes as WebAuthn's JSON serialization carries them: unpadded base64url strings.
public struct Base64URLBytes: Codable, Sendable, Equatable {
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            bytes = try Base64URL.decode(text)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not unpadded base64url")
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Base64URL.encode(bytes))
    }
}
