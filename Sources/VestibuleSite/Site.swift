public import Foundation
import VestibuleApple
package import VestibuleCore
import VestibuleCrypto
package import VestibuleHTML
package import VestibuleHTTP
package import VestibuleLocalization
public import VestibuleLogging
public import VestibuleMetrics

/// What every route of Vestibule's site shares, the pages' (`VestibulePages`) and the JSON API's
/// (`VestibuleWebAPI`) alike: who the visitor is (cookies, language, session), anti-forgery checks, rate limits,
/// starting a session, and the domain services. It answers no request itself.
public struct Site: Sendable {
    package let configuration: WebConfiguration
    package let services: WebServices
    package let localization: Localization
    package let csrf: CSRFGuard
    package let sessionCookie: HostCookie
    package let visitorCookie: HostCookie
    /// Names the browser's pending hand-off from another app (``Handoffs``).
    package let handoffCookie: HostCookie
    /// Names the OpenID Connect authorization waiting in this browser for its person (``OpenIDGrants``).
    package let authorizationCookie: HostCookie
    /// Names the Sign in with Apple waiting in this browser for its account's owner to add it (SIWA-5).
    package let appleLinkCookie: HostCookie
    package let limits: RateLimiter
    package let accessTokens: AccessTokenIssuer
    /// ID tokens, OpenID access tokens and logout tokens.
    package let openIDTokens: OpenIDTokens
    package let documents: Documents
    package let mail: AccountMail
    package let credentialChanges: CredentialChanges
    package let clock: @Sendable () -> Date
    package let logger: Logger
    /// The data policy applied to accounts: what is missing, giving and taking back values.
    package let fields: AccountFields
    package let signIns: SignInMetrics

    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// - Parameters:
    ///   - csrfKey: at least 32 secret random bytes; anti-forgery tokens are HMACs under it.
    ///   - rateLimitKey: another 32 secret bytes, the same on every instance; rate-limit keys are HMACs under it.
    ///   - metrics: where sign-ins are counted.
    public init(
        configuration: WebConfiguration,
        services: WebServices,
        csrfKey: [UInt8],
        rateLimitKey: [UInt8],
        clock: @escaping @Sendable () -> Date,
        logger: Logger,
        metrics: MetricsRegistry = MetricsRegistry()
    ) throws(SetupError) {
        do {
            localization = try Localization()
        } catch {
            throw SetupError(description: "\(error)")
        }
        self.configuration = configuration
        self.services = services
        self.csrf = CSRFGuard(key: csrfKey, origin: configuration.origin)
        self.sessionCookie = HostCookie(
            baseName: "vestibule_session", secure: configuration.secure, maxAge: configuration.sessionCookieMaxAge
        )
        self.visitorCookie = HostCookie(baseName: "vestibule_visitor", secure: configuration.secure, maxAge: nil)
        self.handoffCookie = HostCookie(
            baseName: "vestibule_handoff", secure: configuration.secure, maxAge: Int(Handoffs.lifetime)
        )
        self.authorizationCookie = HostCookie(
            baseName: "vestibule_authorization", secure: configuration.secure, maxAge: Int(OpenIDGrants.authorizationLifetime)
        )
        self.appleLinkCookie = HostCookie(
            baseName: "vestibule_apple_link", secure: configuration.secure, maxAge: Int(AppleSignIn.pendingLinkLifetime)
        )
        self.limits = RateLimiter(counter: services.attempts, keyMAC: rateLimitKey, clock: clock)
        let signer = TokenSigner(signingKeys: services.signingKeys, issuer: configuration.origin, clock: clock)
        self.accessTokens = AccessTokenIssuer(signer: signer)
        self.openIDTokens = OpenIDTokens(signer: signer)
        self.documents = Documents(store: services.store, limits: configuration.documentLimits, clock: clock)
        self.mail = AccountMail(queue: services.mail, localization: localization, origin: configuration.origin)
        self.credentialChanges = CredentialChanges(store: services.store, mail: mail, clock: clock)
        self.clock = clock
        self.logger = logger
        self.fields = AccountFields(policy: configuration.dataPolicy, store: services.store, clock: clock)
        self.signIns = SignInMetrics(registry: metrics)
    }

    package func visitor(of request: Request) throws(StoreError) -> Visitor {
        let chosen = request.query["lang"].flatMap(Language.init(rawValue:))
        let remembered = request.cookies[Visitor.languageCookie]
        let language = Language.negotiate(
            explicit: chosen?.rawValue ?? remembered,
            acceptLanguage: request.headers["Accept-Language"]
        )
        let presentedVisitorID = visitorCookie.value(in: request)
        let visitorID = presentedVisitorID ?? SecureRandom.token(byteCount: 16)
        let token = sessionCookie.value(in: request).map(SessionToken.init(value:))
        let signedIn = try token.flatMap { token throws(StoreError) in
            try services.sessions.authenticate(token)
        }
        return Visitor(
            language: language,
            chosenLanguage: chosen,
            session: signedIn?.session,
            account: signedIn?.account,
            token: signedIn == nil ? nil : token,
            visitorID: visitorID,
            visitorIDIsNew: presentedVisitorID == nil
        )
    }

    /// The live session the request's session cookie proves and its account: all a forward-auth check needs,
    /// without the rest of ``visitor(of:)`` (a language, a visitor id minted from random bytes when the request
    /// has none), which that check, answering every request of the apps behind it, would pay for nothing.
    package func signedIn(_ request: Request) throws(StoreError) -> (session: Session, account: Account)? {
        try sessionCookie.value(in: request).flatMap { value throws(StoreError) in
            try services.sessions.authenticate(SessionToken(value: value))
        }
    }

    /// Sets the cookies that keep what ``visitor(of:)`` learned: a new visitor's id and a language chosen by link.
    package func rememberVisitor(_ visitor: Visitor, on response: inout Response) throws(CookieError) {
        if visitor.visitorIDIsNew {
            try visitorCookie.set(visitor.visitorID, on: &response)
        }
        if let chosen = visitor.chosenLanguage {
            response.setCookie(
                try Cookie(name: Visitor.languageCookie, value: chosen.tag, maxAge: 365 * 24 * 3600, secure: configuration.secure)
            )
        }
    }

    /// The visitor and the form of a same-origin, token-carrying POST.
    package func checkedForm(_ request: Request) throws -> (Visitor, FormFields) {
        let visitor = try visitor(of: request)
        try csrf.check(request, binding: visitor.csrfBinding)
        return (visitor, try request.form())
    }

    /// Starts a session for a person who just proved who they are, replacing any session the browser held.
    package func signIn(_ accountID: AccountID, method: SignInMethod, visitor: Visitor, request: Request, then location: String)
        throws -> Response
    {
        var response = Response.redirect(to: location)
        try startSession(accountID, method: method, visitor: visitor, request: request, on: &response)
        return response
    }

    /// Starts a session for the client of `request` and records the sign-in in the audit trail, or its refusal
    /// when an operator turned the account off (``AccountDisabled``, answered 423).
    package func beginSession(
        _ accountID: AccountID, method: SignInMethod, request: Request, replacing previous: SessionToken?
    ) throws -> SessionToken {
        do {
            let (_, token) = try services.sessions.signIn(
                accountID: accountID, method: method, userAgent: request.headers["User-Agent"] ?? "", replacing: previous
            )
            audit(.signIn, account: accountID, method: method, request: request)
            return token
        } catch let refusal as AccountDisabled {
            audit(.signIn, outcome: .failed, account: accountID, method: method, detail: "account disabled", request: request)
            throw refusal
        }
    }

    /// Starts a session and sets its cookie on `response`, with the method remembered for the next sign-in
    /// page (AUTH-8). The remembered method names no account, so it tells someone else at the browser nothing.
    package func startSession(
        _ accountID: AccountID, method: SignInMethod, visitor: Visitor, request: Request, on response: inout Response
    ) throws {
        let token = try beginSession(accountID, method: method, request: request, replacing: visitor.token)
        try sessionCookie.set(token.value, on: &response)
        claimHandoffGuest(into: accountID, request: request)
        response.setCookie(
            try Cookie(
                name: Visitor.lastMethodCookie, value: method.rawValue, maxAge: 365 * 24 * 3600,
                secure: configuration.secure
            )
        )
    }
}
