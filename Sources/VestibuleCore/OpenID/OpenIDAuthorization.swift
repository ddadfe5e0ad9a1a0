public import Foundation

/// An authorization request that passed the checks of the authorization endpoint and waits for the person:
/// to sign in, or to answer the consent page. Kept as a sealed ``PendingStep`` under a cookie of the browser.
public struct OpenIDAuthorization: Codable, Sendable, Equatable {
    public let appID: String
    /// As the request named it (a loopback address on any port): the code goes there, and the token request
    /// must name it again.
    public let redirectURI: String
    public let scopes: [OpenIDScope]
    public let state: String?
    public let nonce: String?
    /// PKCE's `code_challenge` (S256 only).
    public let codeChallenge: String?
    /// The person must sign in again, whatever session they have (`prompt=login`, or `max_age` passed): only a
    /// sign-in at or after ``requestedAt`` counts.
    public let requiresFreshSignIn: Bool
    /// `prompt=consent`: ask even when the person allowed the app before.
    public let forcesConsent: Bool
    /// `login_hint`, or the email of the app's guest ticket: filled into the sign-in and sign-up pages.
    public let loginHint: String?
    /// The name the app's guest ticket carried, filled into the sign-up page (SIWA-6).
    public let nameHint: String?
    /// `prompt=create` (OpenID Connect Prompt Create 1.0): someone not signed in lands on the sign-up page.
    public let startsWithSignUp: Bool
    /// The guest the app brought (`vestibule_guest_ticket`), whose documents move to the account with the code.
    public let guestID: GuestID?
    /// Whether the person agreed to take the guest's documents on the consent page. Someone signed in before the
    /// request came must: a link anyone can send must not pour an app's guest into their account.
    public let guestConfirmed: Bool
    public let requestedAt: Date

    public init(
        appID: String, redirectURI: String, scopes: [OpenIDScope], state: String?, nonce: String?, codeChallenge: String?,
        requiresFreshSignIn: Bool, forcesConsent: Bool, loginHint: String? = nil, nameHint: String? = nil,
        startsWithSignUp: Bool = false, guestID: GuestID? = nil, guestConfirmed: Bool = false, requestedAt: Date
    ) {
        self.appID = appID
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.state = state
        self.nonce = nonce
        self.codeChallenge = codeChallenge
        self.requiresFreshSignIn = requiresFreshSignIn
        self.forcesConsent = forcesConsent
        self.loginHint = loginHint
        self.nameHint = nameHint
        self.startsWithSignUp = startsWithSignUp
        self.guestID = guestID
        self.guestConfirmed = guestConfirmed
        self.requestedAt = requestedAt
    }
}

extension OpenIDAuthorization {
    /// The same request once the person has answered the consent page: it is not asked again, and the guest's
    /// documents were agreed to.
    public var consentAnswered: OpenIDAuthorization {
        OpenIDAuthorization(
            appID: appID, redirectURI: redirectURI, scopes: scopes, state: state, nonce: nonce, codeChallenge: codeChallenge,
            requiresFreshSignIn: requiresFreshSignIn, forcesConsent: false, loginHint: loginHint, nameHint: nameHint,
            startsWithSignUp: startsWithSignUp, guestID: guestID, guestConfirmed: true, requestedAt: requestedAt
        )
    }
}

/// What an authorization code stands for until the app redeems it: who signed in, how and when, and what the
/// request bound the code to.
struct OpenIDCode: Codable, Sendable {
    let authorization: OpenIDAuthorization
    let accountID: AccountID
    let browserSessionID: SessionID
    let method: SignInMethod
    let authTime: Date
}
