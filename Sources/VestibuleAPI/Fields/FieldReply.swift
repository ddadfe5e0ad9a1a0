/// The reply of `PUT /api/v1/account/fields/{name}`: the value as stored, and whether the account is complete now.
public struct FieldReply: Codable, Sendable, Equatable {
    public let name: String
    /// Normalized: a phone number as `+` and digits, a country as its region code.
    public let value: String
    /// ISO 8601.
    public let givenAt: String
    public let complete: Bool
    public let missingFields: [String]

    public init(name: String, value: String, givenAt: String, complete: Bool, missingFields: [String]) {
        self.name = name
        self.value = value
        self.givenAt = givenAt
        self.complete = complete
        self.missingFields = missingFields
    }
}
