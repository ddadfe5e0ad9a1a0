public import Foundation
public import VestibuleCore
public import VestibuleCrypto
internal import VestibuleJSON

/// Sign in with Apple, both flows, on top of the store.
///
/// **Web.** ``beginWebAuthorization(for:visitor:)`` makes the URL that sends the browser to Apple, with a
/// fresh `state` and `nonce` held server-side. Apple answers with a cross-site form POST that carries no
/// `SameSite=Lax` cookie, so ``acceptWebCallback(_:)`` checks only `state`, does the protocol work (the code
/// exchanged once, the identity token verified) and parks the result under a new handle. The browser is then
/// redirected to a same-site GET, which carries the visitor cookie again; ``finish(handle:visitor:)`` requires
/// it to be the browser that started, so nobody can complete a sign-in in someone else's browser.
///
/// **Native.** ``issueNativeNonce()`` hands an app a raw nonce; the app sends Apple its SHA-256, then gives
/// Vestibule the identity token, the code and the raw nonce (``signInNative(_:)``).
public struct AppleSignIn: Sendable {
    /// What the person was doing when they chose Sign in with Apple.
    public enum Purpose: Codable, Sendable, Equatable {
        case signIn
        /// Adding Apple to the signed-in account (SIWA-5).
        case link(AccountID)
    }

    /// How an authorization ended.
    public enum Outcome: Sendable, Equatable {
        /// Signed in to an existing account, or to the account just created.
        case signedIn(AccountID, created: Bool)
        /// Apple was added to the account.
        case linked(AccountID)
        /// The verified email is a password account's: never merged silently (SIWA-5). The person signs in to
        /// that account first. On the web, ``finish(handle:visitor:)`` leaves a ``PendingAppleLink`` for that
        /// browser and that account under `pendingLink`, which its owner is asked about
        /// (``confirmPendingLink(handle:visitor:account:)``); a native sign-in leaves nothing (`nil`).
        case accountExists(email: String, pendingLink: String?)
    }

    public let credentials: AppleCredentials
    public let server: AppleServer
    private let verifier: AppleTokenVerifier
    private let store: any AppleStore & AccountStore
    let steps: PendingSteps
    private let secretBox: SecretBox
    private let clock: @Sendable () -> Date

    static let authorizationKind = "apple-authorization"
    static let completionKind = "apple-completion"
    /// A ``PendingAppleLink``; "apple-link" held the unbound payload before issue #13 and is never read.
    static let linkKind = "apple-pending-link"
    static let nativeNonceKind = "apple-native-nonce"

    public init(
        credentials: AppleCredentials, server: AppleServer, verifier: AppleTokenVerifier,
        store: any AppleStore & AccountStore & PendingStepStore, secretBox: SecretBox,
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.credentials = credentials
        self.server = server
        self.verifier = verifier
        self.store = store
        self.secretBox = secretBox
        self.clock = clock
        steps = PendingSteps(store: store, secretBox: secretBox, clock: clock)
    }

    // MARK: Web

    private struct Started: Codable {
        let nonce: String
        let purpose: Purpose
        let visitor: String
    }

    private struct Completed: Codable {
        let authorization: AppleAuthorization
        let purpose: Purpose
        let visitor: String
    }

    /// The URL of Apple's authorization page for this browser (`visitor` is its anti-forgery binding).
    public func beginWebAuthorization(for purpose: Purpose, visitor: String) throws -> URL {
        let nonce = SecureRandom.token()
        let state = try steps.save(
            Started(nonce: nonce, purpose: purpose, visitor: visitor), kind: Self.authorizationKind, lifetime: 600
        )
        var components = URLComponents(string: server.endpoints.authorize)
        components?.queryItems = [
            URLQueryItem(name: "client_id", value: credentials.servicesID),
            URLQueryItem(name: "redirect_uri", value: credentials.redirectURI),
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "response_mode", value: "form_post"),
            URLQueryItem(name: "scope", value: "name email"),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "nonce", value: nonce),
        ]
        guard let url = components?.url else { throw AppleError(.misconfigured, "the authorize URL is not a URL") }
        return url
    }

    /// Handles Apple's form POST: `state` must be one this service issued and not used; the code is exchanged
    /// once and the identity token verified with the nonce. Returns the handle to finish with.
    public func acceptWebCallback(_ form: [String: String]) throws -> String {
        guard let state = form["state"],
              let started = try steps.consume(Started.self, kind: Self.authorizationKind, handle: state)
        else { throw AppleError(.invalidState, "the state is unknown, used or expired") }
        if let error = form["error"] {
            throw AppleError(.cancelled, "Apple returned \(error)")
        }
        guard let code = form["code"], !code.isEmpty else { throw AppleError(.invalidToken, "no code in the callback") }
        let tokens = try server.exchange(code: code, clientID: credentials.servicesID, redirectURI: credentials.redirectURI)
        let identity = try verifier.verifyIdentityToken(
            tokens.idToken, nonce: .raw(started.nonce), accessToken: tokens.accessToken
        )
        let authorization = AppleAuthorization(
            subject: identity.subject, clientID: credentials.servicesID, email: identity.email,
            emailVerified: identity.emailVerified, isPrivateEmail: identity.isPrivateEmail,
            name: Self.name(fromUserField: form["user"]), refreshToken: tokens.refreshToken
        )
        return try steps.save(
            Completed(authorization: authorization, purpose: started.purpose, visitor: started.visitor),
            kind: Self.completionKind, lifetime: 300
        )
    }

    /// Finishes a web authorization in the browser that started it.
    public func finish(handle: String, visitor: String) throws -> Outcome {
        guard let completed = try steps.consume(Completed.self, kind: Self.completionKind, handle: handle),
              ConstantTime.equals(Array(completed.visitor.utf8), Array(visitor.utf8))
        else { throw AppleError(.invalidState, "this sign-in was started in another browser, or has expired") }
        return try conclude(completed.authorization, purpose: completed.purpose, visitor: visitor)
    }

    // MARK: Native

    /// A raw nonce for one native sign-in; the app sends `hex(SHA-256(nonce))` to Apple.
    public func issueNativeNonce() throws -> String {
        let nonce = SecureRandom.token()
        try steps.save(true, kind: Self.nativeNonceKind, handle: nonce, lifetime: 600)
        return nonce
    }

    /// What an app sends after `ASAuthorizationAppleIDCredential`.
    public struct NativeCredential: Decodable, Sendable {
        public let identityToken: String
        public let authorizationCode: String
        public let nonce: String
        /// `fullName`, which the app receives on the first authorization only.
        public let name: AppleAuthorization.PersonName?

        public init(
            identityToken: String, authorizationCode: String, nonce: String, name: AppleAuthorization.PersonName?
        ) {
            self.identityToken = identityToken
            self.authorizationCode = authorizationCode
            self.nonce = nonce
            self.name = name
        }
    }

    /// Verifies a native sign-in (audience a bundle ID, nonce hashed), exchanges its code with that bundle ID
    /// as `client_id` and no `redirect_uri`, and signs in, creates or asks to link as the web flow does.
    public func signInNative(_ credential: NativeCredential, purpose: Purpose = .signIn) throws -> Outcome {
        guard try steps.consume(Bool.self, kind: Self.nativeNonceKind, handle: credential.nonce) == true else {
            throw AppleError(.invalidState, "the nonce is unknown, used or expired")
        }
        let identity = try verifier.verifyIdentityToken(
            credential.identityToken, nonce: .hashed(raw: credential.nonce), code: credential.authorizationCode
        )
        guard credentials.bundleIDs.contains(identity.audience) else {
            throw AppleError(.invalidToken, "the token was issued to \(identity.audience), not one of the app bundle IDs")
        }
        let tokens = try server.exchange(code: credential.authorizationCode, clientID: identity.audience, redirectURI: nil)
        let authorization = AppleAuthorization(
            subject: identity.subject, clientID: identity.audience, email: identity.email,
            emailVerified: identity.emailVerified, isPrivateEmail: identity.isPrivateEmail, name: credential.name,
            refreshToken: tokens.refreshToken
        )
        return try conclude(authorization, purpose: purpose, visitor: nil)
    }

    // MARK: Deciding

    /// Signs in a known Apple identity; otherwise links it (when asked), creates an account, or, when the
    /// verified email already has an account, asks the person to prove they own it first (SIWA-5): the link
    /// then waits for `visitor`, the browser that signed in with Apple, and for that account only.
    func conclude(_ authorization: AppleAuthorization, purpose: Purpose, visitor: String?) throws -> Outcome {
        let now = clock()
        let sealed = authorization.refreshToken.map { secretBox.seal(Array($0.utf8)) }
        if let known = try store.appleIdentity(subject: authorization.subject) {
            if case .link(let accountID) = purpose, accountID != known.accountID {
                throw AppleError(.invalidState, "this Apple Account is already linked to another account")
            }
            if let sealed {
                try store.updateAppleRefreshToken(
                    subject: authorization.subject, clientID: authorization.clientID, sealed: sealed, at: now
                )
            }
            try store.recordIdentityUse(method: .apple, subject: authorization.subject, at: now)
            if case .link = purpose { return .linked(known.accountID) }
            return .signedIn(known.accountID, created: false)
        }
        let record = { (accountID: AccountID) in
            AppleIdentityRecord(
                subject: authorization.subject, accountID: accountID, clientID: authorization.clientID,
                sealedRefreshToken: sealed, isPrivateEmail: authorization.isPrivateEmail, updatedAt: now
            )
        }
        let identity = { (accountID: AccountID) in
            Identity(
                accountID: accountID, method: .apple, subject: authorization.subject, email: authorization.email,
                createdAt: now, lastUsedAt: now
            )
        }
        if case .link(let accountID) = purpose {
            try store.linkAppleIdentity(identity(accountID), apple: record(accountID))
            return .linked(accountID)
        }
        if let email = authorization.email, authorization.emailVerified, !authorization.isPrivateEmail,
           let owner = try store.identity(method: .password, subject: email.lowercased())
        {
            let pendingLink = try visitor.map { visitor in
                try savePendingLink(PendingAppleLink(authorization: authorization, accountID: owner.accountID, visitor: visitor))
            }
            return .accountExists(email: email, pendingLink: pendingLink)
        }
        let account = Account(displayName: authorization.name?.displayName, email: authorization.email, createdAt: now)
        try store.createAppleAccount(account, identity: identity(account.id), apple: record(account.id))
        return .signedIn(account.id, created: true)
    }

    /// The name from the web flow's `user` field: a JSON string, sent on the first authorization only. Its
    /// email is ignored: the field is not signed, the identity token's email is.
    static func name(fromUserField user: String?) -> AppleAuthorization.PersonName? {
        guard let user, let json = JSONValue(parsing: Array(user.utf8)), let name = json["name"] else { return nil }
        let parsed = AppleAuthorization.PersonName(
            firstName: name["firstName"]?.stringValue, lastName: name["lastName"]?.stringValue
        )
        return parsed.displayName == nil ? nil : parsed
    }
}
