import Foundation
import Testing
import VestibuleAppTesting
import VestibuleHTTP

/// Apple unreachable in the middle of a sign-in (`docs/reliability.md`): the person is told, in their language,
/// that Sign in with Apple did not work and what else they can do, within the client's time limit, and nothing
/// is half made.
@Suite struct AppleUnreachableTests {
    @Test func aSignInWithAppleWhileAppleIsUnreachableFailsWithAClearMessageAndNoHang() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        // Apple's page answered; Apple goes away before Vestibule redeems the code its page posts back.
        let posted = try browser.consentToSignInWithApple(appleID: "ada@icloud.example")
        app.stopAppleEmulator()
        let started = ContinuousClock.now
        let answer = try browser.finishSignInWithApple(posted)
        #expect(ContinuousClock.now - started < .seconds(12), "bounded by the Apple client's 10 s timeout")
        #expect(answer.status == .ok)
        #expect(answer.text.contains("Sign in with Apple didn&#39;t work this time. Try again, or use another way to sign in."))
        #expect(answer.text.contains("action=\"/apple/start\""), "the sign-in page, with every way to sign in")
        #expect(try browser.get("/account").status == .seeOther, "nobody was signed in")
    }
}
