public import Foundation

/// One thing that happened to an account, kept for its person ("Recent activity"), for operators and for log
/// shippers (`vestibule events`).
///
/// An event holds no secret and no content: which method, whether it worked, from where (an address shortened
/// as the operator chose, ``AuditAddressPolicy``) and with what browser. Events are pruned after a retention
/// period and deleted with their account.
public struct AuditEvent: Codable, Sendable, Equatable {
    /// What happened. The raw values are stored and printed, so they never change.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case signIn = "sign-in"
        case signUp = "sign-up"
        case emailVerified = "email-verified"
        case passwordChanged = "password-changed"
        case passwordReset = "password-reset"
        case passkeyAdded = "passkey-added"
        case passkeyRenamed = "passkey-renamed"
        case passkeyRemoved = "passkey-removed"
        case appleLinked = "apple-linked"
        case appleUnlinked = "apple-unlinked"
        /// A server-to-server notification from Apple (email forwarding changed, consent revoked, account deleted).
        case appleNotification = "apple-notification"
        case signedOut = "signed-out"
        case sessionRevoked = "session-revoked"
        case signedOutEverywhere = "signed-out-everywhere"
        case consentGiven = "consent-given"
        case consentRevoked = "consent-revoked"
        case accountDeleted = "account-deleted"
        case accountDisabled = "account-disabled"
        case accountEnabled = "account-enabled"
        case operatorAdded = "operator-added"
        case operatorRemoved = "operator-removed"
        /// An operator had a recovery link mailed to the account's address.
        case recoveryLinkSent = "recovery-link-sent"
        /// The person used a recovery link to add a way in (the method says which).
        case recoveryLinkUsed = "recovery-link-used"
    }

    /// Whether what was tried worked. Most events record only success; sign-ins record both.
    public enum Outcome: String, Sendable, Codable {
        case succeeded
        case failed
    }

    public let id: String
    public let occurredAt: Date
    public let kind: Kind
    public let outcome: Outcome
    public let accountID: AccountID?
    /// The sign-in method concerned: the one signed in (or tried) with, added or removed.
    public let method: SignInMethod?
    /// The registered app concerned (consent, an app's session); `nil` for the person's own browser.
    public let appID: String?
    /// A short, non-secret detail: a passkey's name, an Apple notification's type.
    public let detail: String?
    /// The client's address as ``AuditAddressPolicy`` keeps it; `nil` when not kept or not from a request.
    public let clientAddress: String?
    /// The client's User-Agent, cut to ``maximumUserAgentLength``; `nil` when not from a request.
    public let userAgent: String?
    /// The operator who acted, when an operator did (from the console); `nil` when the person did.
    public let operatorID: AccountID?

    /// Longer User-Agents are cut: the event describes the browser, it does not archive its header.
    public static let maximumUserAgentLength = 256

    public init(
        id: String = UUID().uuidString.lowercased(), occurredAt: Date, kind: Kind, outcome: Outcome = .succeeded,
        accountID: AccountID?, method: SignInMethod? = nil, appID: String? = nil, detail: String? = nil,
        clientAddress: String? = nil, userAgent: String? = nil, operatorID: AccountID? = nil
    ) {
        self.id = id
        self.occurredAt = occurredAt
        self.kind = kind
        self.outcome = outcome
        self.accountID = accountID
        self.method = method
        self.appID = appID
        self.detail = detail
        self.clientAddress = clientAddress
        self.userAgent = userAgent.map { String($0.prefix(Self.maximumUserAgentLength)) }
        self.operatorID = operatorID
    }
}
