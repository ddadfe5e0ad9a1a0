public import Foundation

/// A person's "Allow" for an app: the scopes it may receive without asking again. It is also the app's entry in
/// "Your data" (what the app received, since when) until the person stops using it.
public struct OpenIDConsent: Sendable, Equatable {
    public let accountID: AccountID
    public let appID: String
    public let scopes: [OpenIDScope]
    public let grantedAt: Date

    public init(accountID: AccountID, appID: String, scopes: [OpenIDScope], grantedAt: Date) {
        self.accountID = accountID
        self.appID = appID
        self.scopes = scopes
        self.grantedAt = grantedAt
    }

    /// Whether this consent already covers `asked`.
    public func covers(_ asked: [OpenIDScope]) -> Bool {
        Set(asked).isSubset(of: scopes)
    }
}
