/// Why Vestibule could not start. The message says what to fix; it never contains a secret.
public struct StartupError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
