import VestibuleCore
import VestibuleCrypto

/// A Sign in with Apple waiting to be added to the password account its verified email matched (SIWA-5).
///
/// Kept server-side, sealed, single use, for ``AppleSignIn/pendingLinkLifetime``, and found by a random handle
/// in a cookie. It is bound to the browser that signed in with Apple and to that one account: a handle planted
/// in another browser, or presented by another account, adds nothing (issue #13, finding 2).
struct PendingAppleLink: Codable {
    let authorization: AppleAuthorization
    /// The account whose password identity has the Apple ID's verified email.
    let accountID: AccountID
    /// The visitor cookie's value in the browser that signed in with Apple.
    let visitor: String

    func waitsIn(visitor: String) -> Bool {
        ConstantTime.equals(Array(self.visitor.utf8), Array(visitor.utf8))
    }

    func isFor(visitor: String, account: AccountID) -> Bool {
        waitsIn(visitor: visitor) && accountID == account
    }
}
