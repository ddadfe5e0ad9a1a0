internal import CPostgres
import Foundation
import VestibuleCore

extension StoreError {
    /// Translates a failed result into the store's vocabulary, keeping the SQLSTATE as `backendCode`.
    ///
    /// Only the primary message is kept: PostgreSQL's DETAIL line repeats the offending values ("Key (…)=(…)
    /// already exists"), and so do data-exception messages (class 22), which are replaced by a fixed text.
    init(postgres result: OpaquePointer, secret: ConnectionSecret, action: String) {
        let sqlState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
        let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
            ?? String(cString: PQresultErrorMessage(result)).trimmingCharacters(in: .whitespacesAndNewlines)
        let message = sqlState?.hasPrefix("22") == true ? "a value was rejected by the database" : primary
        self.init(Self.code(forSQLState: sqlState), "\(action): \(secret.scrub(message))", backendCode: sqlState)
    }

    private static func code(forSQLState state: String?) -> Code {
        switch state {
        case "23505": .conflict  // unique_violation
        // foreign_key_violation: the only foreign keys point at accounts, so the account is missing.
        case "23503": .notFound
        case "XX001", "XX002": .corrupt  // data_corrupted, index_corrupted
        default: .unavailable
        }
    }
}
