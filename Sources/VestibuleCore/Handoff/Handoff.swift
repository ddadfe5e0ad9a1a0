public import Foundation

/// A hand-off from a registered app (`docs/api.md`, "Hand-off"): the app asked Vestibule to sign its visitor
/// in (or up), bringing the visitor's guest along, and to send the browser back to `returnTo` with a one-time
/// code that only that app, with its own key and the exchange key, can turn into a session.
///
/// Kept as a sealed ``PendingStep``: it holds the name and email the app already had (SIWA-6).
public struct Handoff: Codable, Sendable, Equatable {
    public enum Mode: String, Codable, Sendable {
        /// The visitor has no account yet: the sign-up page, prefilled.
        case signUp
        case signIn
    }

    /// The registered app that asked (``RegisteredApp/id``): only it can exchange the code.
    public let appID: String
    /// Where the browser goes back to: one of the app's registered return addresses.
    public let returnTo: String
    public let mode: Mode
    /// The app's merge rule when it asked.
    public let merge: DocumentMergeRule
    /// What the app already knows, to prefill the sign-up page.
    public let name: String?
    public let email: String?
    /// The guest whose documents move to the account at sign-in; `nil` without one, and once claimed.
    public internal(set) var guestID: GuestID?
    /// The account that signed in with this hand-off pending, once it did.
    public internal(set) var accountID: AccountID?
    /// SHA-256 of the exchange key the app holds.
    let exchangeKeyHash: [UInt8]

    init(
        appID: String, returnTo: String, mode: Mode, merge: DocumentMergeRule, name: String?, email: String?,
        guestID: GuestID?, exchangeKeyHash: [UInt8]
    ) {
        self.appID = appID
        self.returnTo = returnTo
        self.mode = mode
        self.merge = merge
        self.name = name
        self.email = email
        self.guestID = guestID
        self.exchangeKeyHash = exchangeKeyHash
    }
}

/// What a hand-off's one-time code grants the app that asked, holding the exchange key: a session for this
/// account, started with the method the person used.
public struct HandoffGrant: Codable, Sendable, Equatable {
    public let accountID: AccountID
    public let method: SignInMethod
    let appID: String
    let exchangeKeyHash: [UInt8]
}

/// Where the browser's hand-off goes once someone is signed in (``Handoffs/finish(handle:session:confirmed:)``).
public enum HandoffContinuation: Sendable, Equatable {
    /// Back to the app, with the one-time code in the URL.
    case returnTo(URL)
    /// The person was signed in before the hand-off opened: nothing is claimed or granted until they confirm.
    case needsConfirmation(Handoff)
    /// No hand-off pending (used, expired), or it belongs to another account.
    case none
}
