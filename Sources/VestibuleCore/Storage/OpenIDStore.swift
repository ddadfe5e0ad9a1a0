public import Foundation

/// What OpenID Connect keeps: grants behind apps' tokens, people's consents, and back-channel logouts waiting
/// to be delivered.
public protocol OpenIDStore: Sendable {
    /// - Throws: `.conflict` when its id, code hash or refresh token hash exists; `.notFound` without its account.
    func insertOpenIDGrant(_ grant: OpenIDGrant) throws(StoreError)
    func openIDGrant(id: String) throws(StoreError) -> OpenIDGrant?
    /// The grant redeemed with the code that hashes to `codeHash`.
    func openIDGrant(codeHash: [UInt8]) throws(StoreError) -> OpenIDGrant?
    /// The grant whose current or previous refresh token hashes to `tokenHash`.
    func openIDGrant(refreshTokenHash tokenHash: [UInt8]) throws(StoreError) -> OpenIDGrant?
    /// Replaces the grant's refresh token `presented` with `replacement`, keeping `presented` as the previous one.
    /// Returns `false` when `presented` is no longer the current token: of two requests refreshing with the
    /// same token, exactly one succeeds.
    func rotateOpenIDRefreshToken(grantID: String, presented: [UInt8], replacement: [UInt8]) throws(StoreError) -> Bool
    /// The account's grants, oldest first.
    func openIDGrants(of accountID: AccountID) throws(StoreError) -> [OpenIDGrant]
    /// Grants whose browser session no longer exists and that have not been told so yet (``OpenIDGrant/sessionEndedAt``
    /// is `nil`).
    func openIDGrantsOfEndedSessions() throws(StoreError) -> [OpenIDGrant]
    /// Records that the grant's browser session ended; the grant lives on (`offline_access`).
    func markOpenIDGrantSessionEnded(id: String, at date: Date) throws(StoreError)
    @discardableResult
    func deleteOpenIDGrant(id: String) throws(StoreError) -> Bool
    @discardableResult
    func deleteExpiredOpenIDGrants(now date: Date) throws(StoreError) -> Int

    /// Saves the consent, replacing the account's earlier consent for the same app.
    func saveOpenIDConsent(_ consent: OpenIDConsent) throws(StoreError)
    func openIDConsent(of accountID: AccountID, appID: String) throws(StoreError) -> OpenIDConsent?
    /// The account's consents, oldest first.
    func openIDConsents(of accountID: AccountID) throws(StoreError) -> [OpenIDConsent]
    /// Deletes the account's consent for the app and every grant it made to the app, in one transaction.
    /// Returns the grants deleted.
    func revokeOpenIDApp(_ appID: String, of accountID: AccountID) throws(StoreError) -> [OpenIDGrant]

    /// Queues the logouts; one already queued for the same app and session is kept, so instances that notice the
    /// same ended session at once queue it once.
    func enqueueBackchannelLogouts(_ logouts: [BackchannelLogout]) throws(StoreError)
    /// Logouts due at `date`, soonest first, at most `limit`.
    func dueBackchannelLogouts(at date: Date, limit: Int) throws(StoreError) -> [BackchannelLogout]
    func updateBackchannelLogout(_ logout: BackchannelLogout) throws(StoreError)
    func deleteBackchannelLogout(id: String) throws(StoreError)
}
