package import Foundation
package import VestibuleCore

extension SQLStore {
    /// Stores an event.
    public func insertAuditEvent(_ event: AuditEvent) throws(StoreError) {
        try writing("insertAuditEvent") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO audit_events (\(AuditEvent.columns)) VALUES (
                    \(event.id), \(event.occurredAt), \(event.kind.rawValue), \(event.outcome.rawValue),
                    \(event.accountID?.rawValue), \(event.method?.rawValue), \(event.appID), \(event.detail),
                    \(event.clientAddress), \(event.userAgent), \(event.operatorID?.rawValue)
                )
                """
            )
        }
    }

    /// Events newest first, at most `limit`, of one account or everyone's, from `since` on when given.
    public func auditEvents(of accountID: AccountID?, since: Date?, limit: Int) throws(StoreError) -> [AuditEvent] {
        var conditions: [SQL] = ["TRUE"]
        if let accountID { conditions.append("account_id = \(accountID.rawValue)") }
        if let since { conditions.append("occurred_at >= \(since)") }
        return try reading("auditEvents") { connection throws(StoreError) in
            try connection.rows(
                """
                SELECT \(AuditEvent.columns) FROM audit_events WHERE \(SQL(joining: conditions, separator: " AND "))
                ORDER BY occurred_at DESC, \(.insertionOrder) DESC LIMIT \(Int64(limit))
                """,
                AuditEvent.init
            )
        }
    }

    /// Deletes events older than `date`; one at exactly `date` is kept.
    @discardableResult
    public func deleteAuditEvents(before date: Date) throws(StoreError) -> Int {
        try writing("deleteAuditEvents") { connection throws(StoreError) in
            try connection.run("DELETE FROM audit_events WHERE occurred_at < \(date)")
        }
    }
}

extension AuditEvent {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL =
        "id, occurred_at, kind, outcome, account_id, method, app_id, detail, client_address, user_agent, operator_id"

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            id: try row.text(0),
            occurredAt: try row.date(1),
            kind: try row.value(2),
            outcome: try row.value(3),
            accountID: try row.optionalValue(4),
            method: try row.optionalValue(5),
            appID: try row.optionalText(6),
            detail: try row.optionalText(7),
            clientAddress: try row.optionalText(8),
            userAgent: try row.optionalText(9),
            operatorID: try row.optionalValue(10)
        )
    }
}
