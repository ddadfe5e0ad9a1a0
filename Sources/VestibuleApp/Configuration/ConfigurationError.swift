/// A configuration Vestibule refuses to start with. The message says what is wrong and how to fix it.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
