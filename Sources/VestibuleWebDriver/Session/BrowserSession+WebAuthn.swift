public import VestibuleJSON
extension BrowserSession {
    /// Adds a WebDriver virtual authenticator to the browser and returns its id: from then on
    /// `navigator.credentials.create/get` succeed without a person, which lets tests register and use passkeys.
    public func addVirtualAuthenticator(_ options: VirtualAuthenticator = .platformWithUserVerification)
        throws(WebDriverError) -> String
    {
        let value = try wire.post(path("/webauthn/authenticator"), options.parameters)
        guard let id = value.stringValue else {
            throw WebDriverError(.transport, "Adding a virtual authenticator returned no authenticator id.")
        }
        return id
    }

    public func removeVirtualAuthenticator(_ id: String) throws(WebDriverError) {
        _ = try wire.delete(path("/webauthn/authenticator/\(id)"))
    }

    /// The credentials the authenticator holds, as WebDriver describes them (`credentialId`, `rpId`,
    /// `userHandle`, `signCount`, `isResidentCredential`, `privateKey`, all base64url).
    public func credentials(authenticatorID: String) throws(WebDriverError) -> [JSONValue] {
        try wire.get(path("/webauthn/authenticator/\(authenticatorID)/credentials")).arrayValue ?? []
    }

    /// Whether the authenticator's user verification succeeds from now on (a correct or a wrong fingerprint).
    public func setUserVerified(_ verified: Bool, authenticatorID: String) throws(WebDriverError) {
        _ = try wire.post(path("/webauthn/authenticator/\(authenticatorID)/uv"), ["isUserVerified": .bool(verified)])
    }

    /// Puts a credential into the authenticator, described as ``credentials(authenticatorID:)`` returns them:
    /// with it, a test can restore a passkey it took out, or give it an older signature counter.
    public func addCredential(_ credential: JSONValue, authenticatorID: String) throws(WebDriverError) {
        _ = try wire.post(path("/webauthn/authenticator/\(authenticatorID)/credential"), credential)
    }

    /// Takes a credential out of the authenticator, as if the person deleted the passkey on their device.
    public func removeCredential(_ credentialID: String, authenticatorID: String) throws(WebDriverError) {
        _ = try wire.delete(path("/webauthn/authenticator/\(authenticatorID)/credentials/\(credentialID)"))
    }
}
