public import Foundation

/// The audit trail's events (``AuditEvent``).
public protocol AuditStore: Sendable {
    func insertAuditEvent(_ event: AuditEvent) throws(StoreError)
    /// Events newest first, at most `limit`: the account's when `accountID` is set, everyone's otherwise, and only
    /// those at or after `since` when it is set.
    func auditEvents(of accountID: AccountID?, since: Date?, limit: Int) throws(StoreError) -> [AuditEvent]
    /// Deletes events older than `date` (retention). Returns how many.
    @discardableResult
    func deleteAuditEvents(before date: Date) throws(StoreError) -> Int
}
