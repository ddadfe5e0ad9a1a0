import Testing
import VestibuleClient
import VestibuleCrypto

/// The middleware shape for an app's own server: the request's `Authorization` and `Cookie` in, the signed-in
/// person or the refusal to answer with out, against a real `vestibule serve`.
@Suite struct RequestAuthenticatorTests {
    @Test func anAccessTokenASessionTokenAndTheSessionCookieEachNameThePerson() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let signedIn = try vestibule.signInWithApple(as: "ada@icloud.example", through: client)
        let session = try #require(signedIn.sessionToken)
        let authenticator = RequestAuthenticator(client: client, verifier: AccessTokenVerifier(client: client))

        let token = try client.accessToken(sessionToken: session).accessToken
        let byToken = try authenticator.authenticate(authorization: "Bearer \(token)", cookie: nil)
        #expect(byToken.accountID == signedIn.accountID)
        #expect(byToken.signedInWith == "apple")
        #expect(byToken.accessToken != nil && byToken.session == nil, "checked offline")

        let bySession = try authenticator.authenticate(authorization: "bearer \(session)", cookie: nil)
        #expect(bySession.accountID == signedIn.accountID)
        #expect(bySession.session?.displayName == "Ada Lovelace")

        let byCookie = try authenticator.authenticate(
            authorization: nil, cookie: "theme=dark; \(client.sessionCookieName)=\(session); cart=3"
        )
        #expect(byCookie == bySession)
    }

    @Test func noCredentialAGuestsTokenAndAnEndedSessionAreSignInRequired() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let session = try #require(try vestibule.signInWithApple(as: "ada@icloud.example", through: client).sessionToken)
        let authenticator = RequestAuthenticator(client: client, verifier: AccessTokenVerifier(client: client))
        try client.signOut(sessionToken: session)

        let guest = try client.createGuest()
        for (authorization, cookie) in [
            (nil, nil), ("Basic YTpi", nil), ("Bearer \(guest.bearer)", nil), ("Bearer \(session)", nil),
            (nil, "\(client.sessionCookieName)=\(session)"), (nil, "other_session=\(session)"),
        ] as [(String?, String?)] {
            let refusal = try #require(throws: RequestRefusal.self) {
                try authenticator.authenticate(authorization: authorization, cookie: cookie)
            }
            #expect(refusal.code == .signInRequired, "\(authorization ?? "-") \(cookie ?? "-")")
            #expect(refusal.status == 401)
            #expect(refusal.wwwAuthenticate == "Bearer")
        }
    }

    @Test func aForgedAccessTokenIsAnInvalidTokenAndNeverAsksVestibuleAboutASession() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let session = try #require(try vestibule.signInWithApple(as: "ada@icloud.example", through: client).sessionToken)
        let verifier = AccessTokenVerifier(client: client)
        let genuine = try verifier.verify(client.accessToken(sessionToken: session).accessToken)
        let keyID = try #require(try client.signingKeys().keys.keys.first?.kid)
        let forged = try AccessTokenVerifierTests.token(genuine.claims, signedBy: SigningKey.generate(.es256), keyID: keyID)

        let refusal = try #require(throws: RequestRefusal.self) {
            try RequestAuthenticator(client: client, verifier: verifier).authenticate(authorization: "Bearer \(forged)", cookie: nil)
        }
        #expect(refusal.code == .invalidToken)
        #expect(refusal.wwwAuthenticate == #"Bearer error="invalid_token""#)
    }

    @Test func vestibuleUnreachableIsA503NeverAPerson() throws {
        // Nothing listens on port 1.
        let client = VestibuleClient(origin: "http://127.0.0.1:1")
        let authenticator = RequestAuthenticator(client: client, verifier: AccessTokenVerifier(client: client))
        for authorization in ["Bearer a-session-token", "Bearer eyJh.eyJz.c2ln"] {
            let refusal = try #require(throws: RequestRefusal.self) {
                try authenticator.authenticate(authorization: authorization, cookie: nil)
            }
            #expect(refusal.code == .unavailable, "\(authorization)")
            #expect(refusal.status == 503)
        }
    }
}
