import Testing
import VestibuleAPI
import VestibuleClient

/// The network half of native sign-in, as an iOS app would make it, against a real `vestibule serve`: passkey
/// options that decode into what `ASAuthorizationPlatformPublicKeyCredentialProvider` needs, and Sign in with
/// Apple with Vestibule's single-use nonce.
@Suite struct NativeSignInTests {
    @Test func passkeyOptionsDecodeWithAButtonTitleNamingTheDevicesBiometry() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)

        let signIn = try client.passkeySignInOptions(biometry: .faceID)
        #expect(signIn.labels?.action == "Sign in with Face ID")
        #expect(signIn.publicKey.rpId == "localhost")
        #expect(signIn.publicKey.allowCredentials.isEmpty, "passkeys are discoverable")
        #expect(!signIn.publicKey.challenge.isEmpty)
        #expect(try client.passkeySignInOptions().labels == nil, "a web page names no biometry")

        let signUp = try client.passkeySignUpOptions(displayName: "Ada Lovelace", biometry: .touchID)
        #expect(signUp.labels?.action == "Use Touch ID to sign in")
        #expect(signUp.publicKey.user.displayName == "Ada Lovelace")
        #expect(signUp.publicKey.pubKeyCredParams.map(\.alg).contains(-7))

        let session = try #require(try vestibule.signInWithApple(as: "ada@icloud.example", through: client).sessionToken)
        let adding = try client.passkeyRegistrationOptions(sessionToken: session)
        #expect(adding.publicKey.rp.id == "localhost")
        #expect(!adding.publicKey.user.id.isEmpty)
    }

    @Test func anAssertionVestibuleDidNotAskForIsRefusedWithTheCheckThatFailed() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let made = AuthenticationResponseJSON(
            id: "AAAA",
            response: .init(clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA", userHandle: "AAAA")
        )
        let error = try #require(throws: VestibuleClientError.self) { try client.signIn(withPasskey: made) }
        #expect(error.code == .refused)
        #expect(error.status == 400)
        #expect(error.apiError != nil)
    }

    @Test func anAppleCredentialSignsInOnceAndItsReplayIsRefused() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let nonce = try client.appleSignInNonce()
        #expect(nonce.hashed.count == 64)
        #expect(nonce.hashed != nonce.raw, "Apple gets the hash, Vestibule the nonce")
        let credential = try vestibule.appleCredential(as: "grace@icloud.example", nonce: nonce)

        let first = try client.signIn(withApple: credential)
        #expect(first.sessionToken != nil)
        #expect(first.redirect == "/welcome")
        let replay = try #require(throws: VestibuleClientError.self) { try client.signIn(withApple: credential) }
        #expect(replay.apiError == "invalidState", "the nonce is used up")

        let again = try vestibule.signInWithApple(as: "grace@icloud.example", through: client)
        #expect(again.accountID == first.accountID, "the same Apple ID, the same account")
        #expect(again.redirect != "/welcome")
    }
}
