public import VestibuleAPI

/// The network half of passkeys for native apps (`docs/api.md`, "Passkeys", "Native apps"): options from
/// Vestibule, the platform's answer back to it. The platform half (`ASAuthorizationPlatformPublicKeyCredentialProvider`)
/// is in `VestibuleClient+AuthenticationServices.swift`, built only where AuthenticationServices exists.
///
/// A challenge is single use and lives five minutes: ask for options right before showing the sheet.
extension VestibuleClient {
    /// Options to sign in with any of this site's passkeys (discoverable: no username).
    ///
    /// - Parameter biometry: the device's biometry, for ``PasskeyOptionsReply/labels`` that name it.
    public func passkeySignInOptions(
        biometry: BiometryType? = nil
    ) throws(VestibuleClientError) -> PasskeyOptionsReply<PublicKeyCredentialRequestOptionsJSON> {
        try exchange(
            .post, APIPath.passkeyAuthenticationOptions, PasskeyOptionsRequest(biometryType: biometry),
            as: PasskeyOptionsReply<PublicKeyCredentialRequestOptionsJSON>.self
        )
    }

    /// Signs in with the platform's assertion; the session comes back as ``CeremonyReply/sessionToken``.
    public func signIn(withPasskey assertion: AuthenticationResponseJSON) throws(VestibuleClientError) -> CeremonyReply {
        try exchange(
            .post, APIPath.passkeyAuthentication, PasskeyCeremonyRequest(credential: assertion, sessionDelivery: .token),
            as: CeremonyReply.self
        )
    }

    /// Options to create an account whose only sign-in method is a passkey.
    ///
    /// - Parameter displayName: 1 to 64 characters.
    public func passkeySignUpOptions(
        displayName: String, biometry: BiometryType? = nil
    ) throws(VestibuleClientError) -> PasskeyOptionsReply<PublicKeyCredentialCreationOptionsJSON> {
        try exchange(
            .post, APIPath.passkeySignUpOptions, PasskeyOptionsRequest(biometryType: biometry, displayName: displayName),
            as: PasskeyOptionsReply<PublicKeyCredentialCreationOptionsJSON>.self
        )
    }

    /// Options to add a passkey to the signed-in account. Needs a sign-in from the last ten minutes.
    ///
    /// - Throws: ``VestibuleClientError/Code/refused`` (`signInAgain`) for an older session, or one a hand-off made.
    public func passkeyRegistrationOptions(
        sessionToken: String, biometry: BiometryType? = nil
    ) throws(VestibuleClientError) -> PasskeyOptionsReply<PublicKeyCredentialCreationOptionsJSON> {
        try exchange(
            .post, APIPath.passkeyRegistrationOptions, PasskeyOptionsRequest(biometryType: biometry),
            bearer: sessionToken, as: PasskeyOptionsReply<PublicKeyCredentialCreationOptionsJSON>.self
        )
    }

    /// Sends the platform's new credential: with `sessionToken` it is added to that account; without, it creates
    /// the account of ``passkeySignUpOptions(displayName:biometry:)`` and signs in (``CeremonyReply/sessionToken``).
    ///
    /// - Parameter name: shown on the account page; Vestibule names it after the device otherwise.
    public func registerPasskey(
        _ registration: RegistrationResponseJSON, name: String? = nil, sessionToken: String? = nil
    ) throws(VestibuleClientError) -> CeremonyReply {
        try exchange(
            .post, APIPath.passkeyRegistration,
            PasskeyCeremonyRequest(credential: registration, name: name, sessionDelivery: .token),
            bearer: sessionToken, as: CeremonyReply.self
        )
    }
}
