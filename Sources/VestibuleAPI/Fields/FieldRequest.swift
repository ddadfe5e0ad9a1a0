/// The body of `PUT /api/v1/account/fields/{name}`: the value as a person would type or choose it
/// (`accepted` for a consent).
public struct FieldRequest: Codable, Sendable, Equatable {
    public let value: String

    public init(value: String) {
        self.value = value
    }
}
