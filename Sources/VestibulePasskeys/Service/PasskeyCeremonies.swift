public import Foundation
public import VestibuleCore
internal import VestibuleCrypto

/// The two WebAuthn ceremonies run against the store: it issues single-use, expiring challenges, verifies the
/// answers with ``RegistrationVerifier`` and ``AuthenticationVerifier``, and records passkeys and their use.
///
/// Every method blocks on the store; call them from the HTTP server's worker threads. Errors are
/// ``PasskeyError`` (the answer is refused) or `StoreError` (the database failed).
public struct PasskeyCeremonies: Sendable {
    public let policy: PasskeyPolicy
    private let store: any PasskeyStore
    private let clock: @Sendable () -> Date
    private let keys = COSEKeyCache()

    public init(policy: PasskeyPolicy, store: any PasskeyStore, clock: @escaping @Sendable () -> Date = Date.init) {
        self.policy = policy
        self.store = store
        self.clock = clock
    }

    // MARK: Registration

    /// Options to add a passkey to a signed-in account. Its passkeys are excluded, so an authenticator that
    /// holds one already says so instead of making a second.
    public func registrationOptions(for account: Account) throws -> CredentialCreationOptions {
        let name = account.email ?? account.displayName ?? account.id.rawValue
        return try creationOptions(
            purpose: .registration,
            accountID: account.id,
            user: (name, account.displayName ?? name),
            excluding: try store.passkeys(of: account.id)
        )
    }

    /// Options to create an account whose only sign-in method is this passkey, saved under `displayName`.
    public func signUpOptions(displayName: String) throws -> CredentialCreationOptions {
        try creationOptions(purpose: .signUp, accountID: .random(), user: (displayName, displayName), excluding: [])
    }

    /// Verifies a registration answer and stores the passkey: on the account that asked for the options, or
    /// on a new account for a sign-up.
    ///
    /// - Parameters:
    ///   - signedIn: the account of the session the answer came with; a registration (not a sign-up) must
    ///     come from the account its options were issued to.
    ///   - name: what the passkey is called on the account page until its owner renames it.
    public func register(_ response: RegistrationResponse, signedIn: AccountID?, name: String) throws
        -> PasskeyRegistration
    {
        try checkShape(type: response.type, id: response.id, rawID: response.rawId)
        let clientDataJSON = response.response.clientDataJSON.bytes
        let challenge = try consumeChallenge(answeredBy: clientDataJSON)
        guard let owner = challenge.accountID,
              challenge.purpose == .signUp || (challenge.purpose == .registration && owner == signedIn)
        else { throw PasskeyError(.challengeMisused, "the challenge was not issued to register for this account") }

        let verified = try RegistrationVerifier(relyingParty: policy.relyingParty).verify(
            attestationObject: response.response.attestationObject.bytes,
            clientDataJSON: clientDataJSON,
            expectedChallenge: try CollectedClientData(json: clientDataJSON).challenge
        )
        guard verified.credentialID == response.rawId.bytes else {
            throw PasskeyError(.malformed, "rawId differs from the credential ID in the attestation")
        }
        let now = clock()
        let credential = PasskeyCredential(
            id: verified.credentialID,
            accountID: owner,
            publicKey: verified.publicKey,
            signCount: verified.signCount,
            backupEligible: verified.backupEligible,
            backedUp: verified.backedUp,
            transports: response.response.transports ?? [],
            aaguid: verified.aaguid,
            name: name,
            createdAt: now
        )
        let identity = Identity(
            accountID: owner, method: .passkey, subject: PasskeyCredential.subject(of: credential.id), createdAt: now
        )
        do throws(StoreError) {
            if challenge.purpose == .signUp {
                let account = Account(id: owner, displayName: challenge.displayName, createdAt: now)
                try store.createPasskeyAccount(account, identity: identity, credential: credential)
            } else {
                try store.addPasskey(credential, identity: identity)
            }
        } catch {
            guard error.code == .conflict else { throw error }
            throw PasskeyError(.credentialExists, "this passkey is registered already")
        }
        return PasskeyRegistration(credential: credential, createdAccount: challenge.purpose == .signUp)
    }

    // MARK: Authentication

    /// Options for signing in with any of this site's passkeys: a modal request, or AutoFill.
    public func authenticationOptions() throws -> CredentialRequestOptions {
        CredentialRequestOptions(
            challenge: Base64URLBytes(try issueChallenge(.authentication, accountID: nil, displayName: nil)),
            timeout: policy.timeoutMilliseconds,
            rpId: policy.relyingParty.rpID,
            userVerification: policy.userVerification
        )
    }

    /// Verifies an assertion and records the passkey's use. Returns the passkey as stored afterwards; its
    /// ``PasskeyCredential/accountID`` is who signed in.
    ///
    /// A counter that did not advance is recorded as a clone warning (shown to the owner), not refused.
    public func authenticate(_ response: AuthenticationResponse) throws -> PasskeyCredential {
        try checkShape(type: response.type, id: response.id, rawID: response.rawId)
        let clientDataJSON = response.response.clientDataJSON.bytes
        let challenge = try consumeChallenge(answeredBy: clientDataJSON)
        guard challenge.purpose == .authentication else {
            throw PasskeyError(.challengeMisused, "the challenge was not issued for signing in")
        }
        guard var credential = try store.passkey(id: response.rawId.bytes) else {
            throw PasskeyError(.credentialUnknown, "no passkey has this credential ID")
        }
        if let handle = response.response.userHandle, handle.bytes != Self.userHandle(of: credential.accountID) {
            throw PasskeyError(.userHandleMismatch, "the user handle is not the passkey's account")
        }
        let verifier = AuthenticationVerifier(relyingParty: policy.relyingParty, keys: keys)
        let expectedChallenge = try CollectedClientData(json: clientDataJSON).challenge
        // The counter is compared and stored atomically; when a concurrent assertion of the same passkey
        // moved it first, verify again against the counter it left (a replayed count then shows as a clone).
        for _ in 0..<3 {
            let result = try verifier.verify(
                authenticatorData: response.response.authenticatorData.bytes,
                clientDataJSON: clientDataJSON,
                signature: response.response.signature.bytes,
                expectedChallenge: expectedChallenge,
                credential: StoredCredentialState(
                    publicKey: credential.publicKey,
                    signCount: credential.signCount,
                    backupEligible: credential.backupEligible
                )
            )
            let now = clock()
            // A counter that went backwards is not stored: a copy could otherwise replay the lower counts.
            let newSignCount = max(credential.signCount, result.newSignCount)
            let recorded = try store.recordPasskeyAssertion(
                id: credential.id,
                expectedSignCount: credential.signCount,
                newSignCount: newSignCount,
                backedUp: result.backedUp,
                cloneWarning: result.cloneWarning,
                at: now
            )
            if recorded {
                credential.signCount = newSignCount
                credential.backedUp = result.backedUp
                credential.lastUsedAt = now
                if result.cloneWarning { credential.cloneWarningAt = now }
                return credential
            }
            guard let current = try store.passkey(id: credential.id) else {
                throw PasskeyError(.credentialUnknown, "the passkey was deleted during sign-in")
            }
            credential = current
        }
        throw StoreError(.conflict, "the passkey's counter kept changing during sign-in")
    }

    // MARK: Challenges

    /// Deletes challenges whose ceremonies were abandoned. Returns how many.
    @discardableResult
    public func purgeExpiredChallenges() throws(StoreError) -> Int {
        try store.deleteExpiredPasskeyChallenges(now: clock())
    }

    /// The user handle of an account's passkeys: its ID's bytes, opaque and free of personal data.
    public static func userHandle(of accountID: AccountID) -> [UInt8] { Array(accountID.rawValue.utf8) }

    private func creationOptions(
        purpose: PasskeyChallenge.Purpose,
        accountID: AccountID,
        user: (name: String, displayName: String),
        excluding existing: [PasskeyCredential]
    ) throws -> CredentialCreationOptions {
        let challenge = try issueChallenge(
            purpose, accountID: accountID, displayName: purpose == .signUp ? user.displayName : nil
        )
        return CredentialCreationOptions(
            rp: .init(id: policy.relyingParty.rpID, name: policy.relyingPartyName),
            user: .init(id: Base64URLBytes(Self.userHandle(of: accountID)), name: user.name, displayName: user.displayName),
            challenge: Base64URLBytes(challenge),
            pubKeyCredParams: COSEAlgorithm.preferenceOrder
                .filter(policy.relyingParty.allowedAlgorithms.contains)
                .map { .init(alg: $0.rawValue) },
            timeout: policy.timeoutMilliseconds,
            excludeCredentials: existing.map { CredentialDescriptor(id: $0.id, transports: $0.transports) },
            authenticatorSelection: .init(userVerification: policy.userVerification)
        )
    }

    private func issueChallenge(
        _ purpose: PasskeyChallenge.Purpose, accountID: AccountID?, displayName: String?
    ) throws -> [UInt8] {
        let challenge = Challenge.generate()
        try store.savePasskeyChallenge(
            PasskeyChallenge(
                challengeHash: SHA2.sha256(challenge),
                purpose: purpose,
                accountID: accountID,
                displayName: displayName,
                expiresAt: clock().addingTimeInterval(Double(policy.timeoutMilliseconds) / 1000)
            )
        )
        return challenge
    }

    /// Finds the ceremony an answer belongs to by the challenge in its client data, and ends it: whatever the
    /// verification then decides, the challenge cannot be answered again.
    private func consumeChallenge(answeredBy clientDataJSON: [UInt8]) throws -> PasskeyChallenge {
        let answered = try CollectedClientData(json: clientDataJSON).challenge
        guard let challenge = try store.consumePasskeyChallenge(challengeHash: SHA2.sha256(answered)),
              challenge.expiresAt >= clock()
        else { throw PasskeyError(.challengeUnknown, "the challenge expired, was used, or was never issued") }
        return challenge
    }

    private func checkShape(type: String, id: String, rawID: Base64URLBytes) throws(PasskeyError) {
        guard type == "public-key" else { throw PasskeyError(.malformed, "credential type is not public-key") }
        guard id == Base64URL.encode(rawID.bytes) else { throw PasskeyError(.malformed, "id is not rawId in base64url") }
    }
}
