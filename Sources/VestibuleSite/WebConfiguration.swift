public import VestibuleAppleButton
public import VestibuleCore

/// The operator's settings that shape the pages.
public struct WebConfiguration: Sendable {
    /// This site's origin as browsers see it (`https://id.example.com`), for the same-origin check.
    public var origin: String
    /// Whether browsers reach the site over HTTPS (directly or through a TLS proxy): cookies become
    /// `Secure` and `__Host-` prefixed.
    public var secure: Bool
    /// The operator's explanation of what signing in brings, by language tag (SIWA-2, AUTH-4). Languages
    /// without one use the catalog's default text.
    public var signInBenefits: [String: String]
    /// How long the session cookie lives in the browser, in seconds: the session's absolute timeout.
    public var sessionCookieMaxAge: Int
    /// App IDs (`TEAMID.com.example.app`) that share credentials with this site (apple-app-site-association).
    public var appleAppIDs: [String]
    /// Whether those apps also open this site's links (`applinks`).
    public var appleAppLinks: Bool
    /// Attempts allowed per client address and per account.
    public var rateLimits: RateLimits
    /// The Sign in with Apple button, when Vestibule talks to Apple's servers; `nil` draws a text button (the
    /// built-in emulator, in development).
    public var appleButton: AppleButtonChoice?
    /// The extra data people are asked for: required fields on the welcome page, optional ones on the account
    /// page (SIWA-9, SIWA-10, SIWA-13).
    public var dataPolicy: DataPolicy
    /// The apps that use Vestibule: only they start hand-offs (back to their exact return addresses), have their
    /// API calls counted per visitor, ask for access tokens for their audiences, and frame `/embed/status`.
    public var apps: AppRegistry
    /// How large, and how many, the documents of one guest or account may be.
    public var documentLimits: DocumentLimits
    /// How much of a client's address audit events keep.
    public var auditAddresses: AuditAddressPolicy
    /// Where the operator console lives; the account page links there for operators.
    public var consolePath: String

    public init(
        origin: String,
        secure: Bool,
        signInBenefits: [String: String] = [:],
        sessionCookieMaxAge: Int,
        appleAppIDs: [String] = [],
        appleAppLinks: Bool = false,
        rateLimits: RateLimits = RateLimits(),
        appleButton: AppleButtonChoice? = nil,
        dataPolicy: DataPolicy = .empty,
        apps: AppRegistry = AppRegistry(),
        documentLimits: DocumentLimits = DocumentLimits(),
        auditAddresses: AuditAddressPolicy = .network,
        consolePath: String = "/operator"
    ) {
        self.origin = origin
        self.secure = secure
        self.signInBenefits = signInBenefits
        self.sessionCookieMaxAge = sessionCookieMaxAge
        self.appleAppIDs = appleAppIDs
        self.appleAppLinks = appleAppLinks
        self.rateLimits = rateLimits
        self.appleButton = appleButton
        self.dataPolicy = dataPolicy
        self.apps = apps
        self.documentLimits = documentLimits
        self.auditAddresses = auditAddresses
        self.consolePath = consolePath
    }
}

/// Attempt limits for the forms that guess at secrets or send mail.
public struct RateLimits: Sendable, Equatable {
    /// Password sign-ins from one client address.
    public var signInPerAddress = RateLimit(attempts: 30, window: .seconds(60))
    /// Password sign-ins to one email address, from anywhere: slows guessing one account's password.
    public var signInPerAccount = RateLimit(attempts: 10, window: .seconds(900))
    /// Codes entered from one client address (each code also locks after five wrong tries).
    public var codesPerAddress = RateLimit(attempts: 30, window: .seconds(900))
    /// Emails requested for one address (sign-up, resend, reset): stops mail bombing.
    public var emailsPerAccount = RateLimit(attempts: 5, window: .seconds(900))
    /// Passkey API calls (options and answers) from one client address. Every sign-in page asks for options
    /// once for AutoFill, so this is higher than the password limit; each call costs one signature check.
    public var passkeyCeremoniesPerAddress = RateLimit(attempts: 120, window: .seconds(60))
    /// Emails requested from one client address.
    public var emailsPerAddress = RateLimit(attempts: 20, window: .seconds(900))
    /// Document writes from one client address (or one visitor of an app's server), apart from the other API
    /// calls: each can add `document-max-bytes` to the database, and guests cost nothing to make.
    public var documentWritesPerAddress = RateLimit(attempts: 60, window: .seconds(60))

    public init() {}
}
