import VestibuleAPI
import VestibuleClient

/// Who is asking: their language, the guest or account whose documents they keep, how they signed in, and
/// what their forms' anti-forgery tokens are bound to.
struct Shopper: Sendable {
    let language: BookstoreLanguage
    /// Set when the language was chosen with `?lang=` on this request, to remember it in a cookie.
    let chosenLanguage: BookstoreLanguage?
    let visitorID: String
    let visitorIDIsNew: Bool
    /// The guest's token from the guest cookie.
    let guestToken: String?
    /// The shopper's sign-in, from the session cookie; its grant may have ended at Vestibule since, which the
    /// first documents call tells (``BookstoreApp/respond(to:with:)`` then forgets it).
    let session: ShopperSession?
    /// The session's tokens were refreshed for this request: the response keeps the new ones.
    let sessionRenewed: Bool
    /// The session cookie names a sign-in that has ended: the response clears it.
    let sessionEnded: Bool

    /// Whose documents this shopper's cart and orders are: the account once signed in, else the guest.
    var owner: Owner? {
        if let session { return .account(token: session.accessToken) }
        return guestToken.map { .guest(token: $0) }
    }

    var isSignedIn: Bool { session != nil }

    /// What the anti-forgery tokens of this shopper's forms are bound to.
    var csrfBinding: String { "visitor|\(visitorID)" }
}
