public import VestibuleCore

/// A passkey that was just registered, and the account it belongs to.
public struct PasskeyRegistration: Sendable {
    public let credential: PasskeyCredential
    /// The registration created the account (a passkey-only sign-up) rather than adding to one.
    public let createdAccount: Bool
}
