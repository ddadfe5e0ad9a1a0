/// What a one-time code proves. The raw values are stored and bound into the code's MAC, so they never change.
public enum CodePurpose: String, Sendable, CaseIterable {
    case verifyEmail = "verify-email"
    case resetPassword = "reset-password"
}
