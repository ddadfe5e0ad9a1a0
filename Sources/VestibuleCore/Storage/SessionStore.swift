public import Foundation

/// Sessions: created at sign-in, found by the hash of their token, ended one by one, all but one, by the method
/// they were started with, or when they expire.
public protocol SessionStore: Sendable {
    func insertSession(_ session: Session) throws(StoreError)
    /// The session whose token hashes to `tokenHash`, or `nil`; `nil` too when its account is disabled.
    func session(tokenHash: [UInt8]) throws(StoreError) -> Session?
    /// The same session with its account, read together: what every signed-in request needs, in one statement.
    func sessionAndAccount(tokenHash: [UInt8]) throws(StoreError) -> (session: Session, account: Account)?
    /// The account's sessions, most recently seen first.
    func sessions(of accountID: AccountID) throws(StoreError) -> [Session]
    func recordSessionActivity(id: SessionID, at date: Date) throws(StoreError)
    /// Deletes one session. Returns whether it existed.
    @discardableResult
    func deleteSession(id: SessionID) throws(StoreError) -> Bool
    /// Deletes every session that expired absolutely before `date`, or has been idle since `idleCutoff`.
    /// Returns how many were deleted.
    @discardableResult
    func deleteExpiredSessions(now date: Date, idleCutoff: Date) throws(StoreError) -> Int
    /// How many sessions could still be used: not expired absolutely at `date`, seen since `idleCutoff`.
    func countLiveSessions(now date: Date, idleCutoff: Date) throws(StoreError) -> Int
    /// Deletes every session of the account except `kept` (all of them when `kept` is `nil`): after a
    /// password change or reset. Returns how many were deleted.
    @discardableResult
    func deleteSessions(of accountID: AccountID, except kept: SessionID?) throws(StoreError) -> Int
    /// Ends the account's sessions that were started with `method` (Apple consent revoked). Returns how many.
    @discardableResult
    func deleteSessions(of accountID: AccountID, signedInWith method: SignInMethod) throws(StoreError) -> Int
}
