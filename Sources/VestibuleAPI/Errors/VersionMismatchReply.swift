/// The 412 of a document write or deletion: `{"error": "versionMismatch", "message": …, "currentVersion": 2}`.
///
/// `currentVersion` is always present, `null` when no document has the name, so a client can tell "changed"
/// from "gone" without another read.
public struct VersionMismatchReply: Codable, Sendable, Equatable {
    public let message: String
    /// The version stored now; `nil` (`null`) when there is no document by that name.
    public let currentVersion: Int?

    public init(message: String, currentVersion: Int?) {
        self.message = message
        self.currentVersion = currentVersion
    }

    private enum CodingKeys: String, CodingKey { case error, message, currentVersion }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard try container.decode(APIErrorCode.self, forKey: .error) == .versionMismatch else {
            throw DecodingError.dataCorruptedError(
                forKey: .error, in: container, debugDescription: "not a versionMismatch refusal"
            )
        }
        message = try container.decode(String.self, forKey: .message)
        currentVersion = try container.decodeIfPresent(Int.self, forKey: .currentVersion)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(APIErrorCode.versionMismatch, forKey: .error)
        try container.encode(message, forKey: .message)
        // `null`, not absent: the documented reply always says what is stored.
        try container.encode(currentVersion, forKey: .currentVersion)
    }
}
