/// Copy for a native app's button, naming the device's biometry in the person's language.
public struct NativeLabels: Codable, Sendable, Equatable {
    /// The button that starts the ceremony: "Sign in with Face ID", "Use Touch ID to sign in".
    public let action: String

    public init(action: String) {
        self.action = action
    }
}
