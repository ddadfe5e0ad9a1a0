internal import VestibuleCrypto

/// What this relying party accepts: its RP ID, origins and policy.
public struct RelyingParty: Sendable {
    /// The RP ID, a registrable domain such as `example.org`; `rpIdHash` must be its SHA-256.
    public var rpID: String
    /// Exact origins accepted in client data: web origins (`https://example.org`) and native app
    /// origins (`ios:bundle-id:org.example.app`, `android:apk-key-hash:…`) as configured.
    public var origins: Set<String>
    /// Whether the UV flag is required at registration and at every assertion.
    public var requireUserVerification: Bool
    /// Credential algorithms accepted at registration (and so at assertion).
    public var allowedAlgorithms: Set<COSEAlgorithm>
    /// Whether `crossOrigin: true` (a call from a cross-origin iframe) is accepted.
    public var allowCrossOrigin: Bool
    /// Top-level origins accepted when client data carries `topOrigin` (needs ``allowCrossOrigin``).
    public var allowedTopOrigins: Set<String>

    public init(
        rpID: String,
        origins: Set<String>,
        requireUserVerification: Bool = false,
        allowedAlgorithms: Set<COSEAlgorithm> = COSEAlgorithm.supported,
        allowCrossOrigin: Bool = false,
        allowedTopOrigins: Set<String> = []
    ) {
        self.rpID = rpID
        self.origins = origins
        self.requireUserVerification = requireUserVerification
        self.allowedAlgorithms = allowedAlgorithms
        self.allowCrossOrigin = allowCrossOrigin
        self.allowedTopOrigins = allowedTopOrigins
    }

    /// Checks client data for a ceremony and returns it with `SHA-256(clientDataJSON)`.
    func checkClientData(
        _ json: [UInt8], type: String, expectedChallenge: [UInt8]
    ) throws(PasskeyError) -> (CollectedClientData, hash: [UInt8]) {
        let clientData = try CollectedClientData(json: json)
        guard clientData.type == type else { throw PasskeyError(.typeMismatch, "client data type is not \(type)") }
        guard ConstantTime.equals(clientData.challenge, expectedChallenge) else {
            throw PasskeyError(.challengeMismatch, "client data challenge differs from the expected one")
        }
        guard origins.contains(clientData.origin) else {
            throw PasskeyError(.originNotAllowed, "origin \(clientData.origin) is not allowed")
        }
        if clientData.crossOrigin || clientData.topOrigin != nil {
            guard allowCrossOrigin else { throw PasskeyError(.crossOrigin, "cross-origin calls are not allowed") }
        }
        if let topOrigin = clientData.topOrigin, !allowedTopOrigins.contains(topOrigin) {
            throw PasskeyError(.crossOrigin, "top origin \(topOrigin) is not allowed")
        }
        return (clientData, SHA2.sha256(json))
    }

    /// Checks the RP ID hash and the UP, UV, BE and BS flags shared by both ceremonies.
    func checkAuthenticatorData(_ data: AuthenticatorData) throws(PasskeyError) {
        guard ConstantTime.equals(data.rpIDHash, SHA2.sha256(rpID)) else {
            throw PasskeyError(.rpIDMismatch, "rpIdHash is not SHA-256 of \(rpID)")
        }
        guard data.flags.contains(.userPresent) else { throw PasskeyError(.userNotPresent, "UP flag is clear") }
        if requireUserVerification, !data.flags.contains(.userVerified) {
            throw PasskeyError(.userNotVerified, "UV flag is clear and user verification is required")
        }
        if data.flags.contains(.backedUp), !data.flags.contains(.backupEligible) {
            throw PasskeyError(.backupStateInvalid, "BS is set while BE is clear")
        }
    }
}
