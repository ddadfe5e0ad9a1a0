import Foundation
import VestibuleAppTesting
import VestibuleTesting

extension TestApplication {
    /// A browser that signed in with Apple as `email` while a password account has that address (SIWA-5): a link
    /// waits for this browser and that account, and `/sign-in?notice=apple-link` asks its owner to sign in.
    func browserWithWaitingAppleLink(email: String) throws -> FormClient {
        try FormClient(self).createPasswordAccount(email: email, password: "a long passphrase to sign in")
        let browser = FormClient(self)
        try browser.signInWithApple(appleID: email)
        return browser
    }
}
