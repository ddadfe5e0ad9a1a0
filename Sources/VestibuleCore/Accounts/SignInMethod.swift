/// A way to sign in. The raw values are stored, so they never change.
public enum SignInMethod: String, Sendable, Codable, CaseIterable {
    case apple
    case passkey
    case password
}
