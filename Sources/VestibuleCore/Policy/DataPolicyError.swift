/// A data-policy file Vestibule refuses to start with. The message names the field and what to fix.
public struct DataPolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
