// The platform half of native sign-in, for Apple's platforms only: AuthenticationServices does not exist on Linux,
// so this file is not built here (and not tested here); the network half beside it is.
#if canImport(AuthenticationServices)
public import AuthenticationServices
import Foundation
public import VestibuleAPI
import VestibuleCrypto

extension PublicKeyCredentialRequestOptionsJSON {
    /// The assertion request for these options, for an `ASAuthorizationController`.
    public func assertionRequest() -> ASAuthorizationPlatformPublicKeyCredentialAssertionRequest? {
        guard let challenge = try? Base64URL.decode(challenge) else { return nil }
        return ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: rpId)
            .createCredentialAssertionRequest(challenge: Data(challenge))
    }
}

extension PublicKeyCredentialCreationOptionsJSON {
    /// The registration request for these options, for an `ASAuthorizationController`.
    public func registrationRequest() -> ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest? {
        guard let challenge = try? Base64URL.decode(challenge), let userID = try? Base64URL.decode(user.id) else {
            return nil
        }
        return ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: rp.id)
            .createCredentialRegistrationRequest(challenge: Data(challenge), name: user.name, userID: Data(userID))
    }
}

extension AuthenticationResponseJSON {
    /// What Vestibule takes from the platform's assertion (`userID` as `userHandle`).
    public init(_ assertion: ASAuthorizationPlatformPublicKeyCredentialAssertion) {
        self.init(
            id: Base64URL.encode(assertion.credentialID),
            response: Response(
                clientDataJSON: Base64URL.encode(assertion.rawClientDataJSON),
                authenticatorData: Base64URL.encode(assertion.rawAuthenticatorData),
                signature: Base64URL.encode(assertion.signature),
                userHandle: Base64URL.encode(assertion.userID)
            )
        )
    }
}

extension RegistrationResponseJSON {
    /// What Vestibule takes from the platform's new credential; `nil` without an attestation object.
    public init?(_ registration: ASAuthorizationPlatformPublicKeyCredentialRegistration) {
        guard let attestationObject = registration.rawAttestationObject else { return nil }
        self.init(
            id: Base64URL.encode(registration.credentialID),
            response: Response(
                clientDataJSON: Base64URL.encode(registration.rawClientDataJSON),
                attestationObject: Base64URL.encode(attestationObject),
                transports: ["internal", "hybrid"]
            )
        )
    }
}

extension AppleNativeCredential {
    /// What Vestibule takes from Apple's credential, with the raw `nonce` whose hash the request carried; `nil`
    /// when Apple gave no identity token or code.
    public init?(_ credential: ASAuthorizationAppleIDCredential, nonce: AppleSignInNonce) {
        guard let token = credential.identityToken.flatMap({ String(data: $0, encoding: .utf8) }),
              let code = credential.authorizationCode.flatMap({ String(data: $0, encoding: .utf8) })
        else { return nil }
        let name = credential.fullName.map { Name(firstName: $0.givenName, lastName: $0.familyName) }
        self.init(identityToken: token, authorizationCode: code, nonce: nonce.raw, name: name)
    }
}
#endif
