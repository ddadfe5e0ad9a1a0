import Foundation
import VestibuleCrypto

extension AppleEmulator {
    /// The current authorization of `appleID`, or a first one with these choices: `name` and `email` are nil
    /// when their scope was not requested; `email.hide` picks the team's relay address over the Apple ID.
    func authorize(
        _ appleID: AppleIDKey, name: PersonName?, email: (hide: Bool, address: String)?
    ) -> (authorization: Authorization, isNew: Bool) {
        let subject = derivation.subject(of: appleID)
        let relay = derivation.relayAddress(of: appleID)
        return state.withLock { state in
            state.authorization(of: appleID) { id in
                Authorization(
                    id: id, appleID: appleID, subject: subject, email: email.map { $0.hide ? relay : $0.address },
                    isPrivateEmail: email?.hide ?? false, name: name
                )
            }
        }
    }

    /// A new single-use code, valid for ``Configuration/codeLifetime``; `redirectURI` nil for a native app's.
    func issueCode(
        for authorization: Authorization, clientID: String, redirectURI: String?, nonce: String?, now: Date
    ) -> String {
        let code = OpaqueToken.authorizationCode()
        let issued = IssuedCode(
            authorizationID: authorization.id, clientID: clientID, redirectURI: redirectURI, nonce: nonce, authTime: now,
            expires: now.addingTimeInterval(TimeInterval(configuration.codeLifetime.components.seconds))
        )
        state.withLock { $0.add(code: code, issued, now: now) }
        return code
    }

    /// An identity token for `audience` (a Services ID or a bundle ID), signed with the current key.
    func identityToken(
        _ authorization: Authorization, audience: String, now: Date, _ occasion: IdentityTokenClaims.Occasion
    ) throws(CryptoError) -> String {
        let claims = IdentityTokenClaims(
            issuer: issuer, audience: audience, authorization: authorization, now: now,
            lifetime: configuration.tokenLifetime, occasion: occasion
        )
        return try keys.sign(AppleJSON.encode(claims))
    }
}
