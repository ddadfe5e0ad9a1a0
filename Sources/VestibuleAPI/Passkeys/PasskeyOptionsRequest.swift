/// The body of the passkey options calls (`…/authentication/options`, `…/registration/options`,
/// `…/sign-up/options`). Every member is optional; browsers send `{}`.
public struct PasskeyOptionsRequest: Codable, Sendable, Equatable {
    /// The device's biometry, for a button title that names it (native apps only).
    public let biometryType: BiometryType?
    /// The name a passkey-only account is created with, 1 to 64 characters (sign-up only).
    public let displayName: String?
    /// The secret of a recovery link, which allows adding a passkey to its account without a session
    /// (registration only; it is used up by the answer, not here).
    public let recoveryToken: String?

    public init(biometryType: BiometryType? = nil, displayName: String? = nil, recoveryToken: String? = nil) {
        self.biometryType = biometryType
        self.displayName = displayName
        self.recoveryToken = recoveryToken
    }
}
