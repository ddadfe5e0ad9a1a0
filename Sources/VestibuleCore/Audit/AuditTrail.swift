public import Foundation

/// Records what happens to accounts and reads it back: for the person ("Recent activity"), operators and
/// `vestibule events`.
public struct AuditTrail: Sendable {
    private let store: any AuditStore
    private let clock: @Sendable () -> Date
    /// How long events are kept; the janitor prunes older ones (setting `audit-retention-days`, 90 by default).
    public let retention: TimeInterval

    public init(store: any AuditStore, retention: TimeInterval, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.retention = retention
        self.clock = clock
    }

    /// ``retention`` in whole days, as people are told it.
    public var retentionDays: Int { Int((retention / 86_400).rounded()) }

    /// Records that `kind` happened now.
    public func record(
        _ kind: AuditEvent.Kind, outcome: AuditEvent.Outcome = .succeeded, account: AccountID?,
        method: SignInMethod? = nil, appID: String? = nil, detail: String? = nil, source: AuditSource,
        by operatorID: AccountID? = nil
    ) throws(StoreError) {
        try store.insertAuditEvent(
            AuditEvent(
                occurredAt: clock(), kind: kind, outcome: outcome, accountID: account, method: method, appID: appID,
                detail: detail, clientAddress: source.clientAddress, userAgent: source.userAgent, operatorID: operatorID
            )
        )
    }

    /// The account's events, newest first.
    public func events(of accountID: AccountID, limit: Int) throws(StoreError) -> [AuditEvent] {
        try store.auditEvents(of: accountID, since: nil, limit: limit)
    }

    /// Deletes the events older than ``retention``. Returns how many.
    @discardableResult
    public func prune() throws(StoreError) -> Int {
        try store.deleteAuditEvents(before: clock().addingTimeInterval(-retention))
    }
}
