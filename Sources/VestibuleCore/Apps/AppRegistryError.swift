/// An apps file Vestibule refuses to start with. The message names the app and what to fix.
public struct AppRegistryError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
