package import Foundation
package import VestibuleCore

extension SQLStore {
    public func savePendingStep(_ step: PendingStep) throws(StoreError) {
        try writing("savePendingStep") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO pending_steps (kind, handle_hash, sealed_payload, expires_at)
                VALUES (\(step.kind), \(step.handleHash), \(step.sealedPayload), \(step.expiresAt))
                """
            )
        }
    }

    /// One `DELETE … RETURNING`, so a step is used once even by concurrent callers.
    public func consumePendingStep(kind: String, handleHash: [UInt8]) throws(StoreError) -> PendingStep? {
        try writing("consumePendingStep") { connection throws(StoreError) in
            try connection.firstRow(
                """
                DELETE FROM pending_steps WHERE kind = \(kind) AND handle_hash = \(handleHash)
                RETURNING \(PendingStep.columns)
                """,
                PendingStep.init
            )
        }
    }

    public func pendingStep(kind: String, handleHash: [UInt8]) throws(StoreError) -> PendingStep? {
        try reading("pendingStep") { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT \(PendingStep.columns) FROM pending_steps WHERE kind = \(kind) AND handle_hash = \(handleHash)",
                PendingStep.init
            )
        }
    }

    @discardableResult
    public func deleteExpiredPendingSteps(now date: Date) throws(StoreError) -> Int {
        try writing("deleteExpiredPendingSteps") { connection throws(StoreError) in
            try connection.run("DELETE FROM pending_steps WHERE expires_at < \(date)")
        }
    }
}

extension PendingStep {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL = "kind, handle_hash, sealed_payload, expires_at"

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            kind: try row.text(0), handleHash: try row.blob(1), sealedPayload: try row.blob(2), expiresAt: try row.date(3)
        )
    }
}
