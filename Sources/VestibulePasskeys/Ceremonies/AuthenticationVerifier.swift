/// What the storage layer kept about a credential, needed to verify its assertions.
public struct StoredCredentialState: Sendable {
    /// The COSE_Key bytes from ``VerifiedCredential/publicKey``.
    public var publicKey: [UInt8]
    /// The last sign count seen.
    public var signCount: UInt32
    /// BE from registration; an assertion with a different BE is rejected.
    public var backupEligible: Bool

    public init(publicKey: [UInt8], signCount: UInt32, backupEligible: Bool) {
        self.publicKey = publicKey
        self.signCount = signCount
        self.backupEligible = backupEligible
    }
}

/// The outcome of a verified assertion: what the storage layer updates.
public struct AssertionResult: Sendable {
    /// The sign count to store.
    public let newSignCount: UInt32
    /// BS now: the credential is backed up.
    public let backedUp: Bool
    /// UV was set.
    public let userVerified: Bool
    /// Either counter is non-zero and the new one is not greater than the stored one: the credential
    /// may have been cloned. Recorded, not rejected (many synced passkeys always report 0; what to do,
    /// e.g. flag the account or require another factor, is the caller's policy, WebAuthn §7.2 step 22).
    public let cloneWarning: Bool
}

/// Verifies an authentication (`navigator.credentials.get`) response, WebAuthn §7.2.
public struct AuthenticationVerifier: Sendable {
    public let relyingParty: RelyingParty
    /// Where decoded credential keys are kept between assertions; `nil` decodes each time.
    private let keys: COSEKeyCache?

    public init(relyingParty: RelyingParty, keys: COSEKeyCache? = nil) {
        self.relyingParty = relyingParty
        self.keys = keys
    }

    /// Verifies the assertion against the stored credential.
    ///
    /// Looking the credential up by its ID and checking that it belongs to the user named by
    /// `userHandle` is the caller's job.
    public func verify(
        authenticatorData: [UInt8], clientDataJSON: [UInt8], signature: [UInt8], expectedChallenge: [UInt8],
        credential: StoredCredentialState
    ) throws(PasskeyError) -> AssertionResult {
        let (_, clientDataHash) = try relyingParty.checkClientData(
            clientDataJSON, type: "webauthn.get", expectedChallenge: expectedChallenge
        )
        let authData = try AuthenticatorData(bytes: authenticatorData)
        try relyingParty.checkAuthenticatorData(authData)
        guard authData.flags.contains(.backupEligible) == credential.backupEligible else {
            throw PasskeyError(.backupEligibilityChanged, "BE differs from the value stored at registration")
        }
        let key: COSEKey
        if let keys {
            key = try keys.key(for: credential.publicKey)
        } else {
            key = try COSEKey(bytes: credential.publicKey)
        }
        guard relyingParty.allowedAlgorithms.contains(key.algorithm) else {
            throw PasskeyError(.unsupportedAlgorithm, "\(key.algorithm) is not allowed")
        }
        guard key.isValidSignature(signature, for: authenticatorData + clientDataHash) else {
            throw PasskeyError(.badSignature, "assertion signature does not verify")
        }
        let counterInUse = authData.signCount != 0 || credential.signCount != 0
        return AssertionResult(
            newSignCount: authData.signCount,
            backedUp: authData.flags.contains(.backedUp),
            userVerified: authData.flags.contains(.userVerified),
            cloneWarning: counterInUse && authData.signCount <= credential.signCount
        )
    }
}
