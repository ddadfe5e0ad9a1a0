internal import CPostgres
import Foundation
import VestibuleCore
import VestibuleSQL

/// One libpq connection with the names of the statements prepared on it.
///
/// Used by one thread at a time: its pool lends it to one borrower at once.
final class PostgresConnection: SQLConnection {
    static let dialect: any SQLDialect = PostgresDialect()

    private let handle: OpaquePointer
    private let secret: ConnectionSecret
    /// Prepared statement names by their SQL; each statement is parsed and planned once per connection.
    private var prepared: [String: String] = [:]

    /// Connects with `url` (a `postgres://` URI libpq parses itself).
    /// Failures carry libpq's message with the URL's password removed.
    init(url: String, secret: ConnectionSecret) throws(StoreError) {
        self.secret = secret
        guard let raw = PQconnectdb(url) else {
            throw StoreError(.unavailable, "cannot connect to PostgreSQL: out of memory")
        }
        guard PQstatus(raw) == CONNECTION_OK else {
            let message = secret.scrub(String(cString: PQerrorMessage(raw)))
            PQfinish(raw)
            throw StoreError(.unavailable, "cannot connect to PostgreSQL: \(message)", backendCode: "08006")
        }
        handle = raw
        // Notices ("relation already exists, skipping") would go to standard error; the store reports
        // what matters through its errors.
        PQsetNoticeProcessor(raw, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    /// Anything but idle: inside a transaction (healthy or failed), or a connection in an unknown state.
    var isInTransaction: Bool { PQtransactionStatus(handle) != PQTRANS_IDLE }

    var isReusable: Bool { PQstatus(handle) == CONNECTION_OK && !isInTransaction }

    func execute(_ script: String) throws(StoreError) {
        _ = try check(PQexec(handle, script), action: "execute")
    }

    func run(_ statement: String, binding values: [SQLValue]) throws(StoreError) -> Int {
        try executePrepared(statement, values).changedRows
    }

    func query(_ statement: String, binding values: [SQLValue]) throws(StoreError) -> [SQLRow] {
        try executePrepared(statement, values).rows()
    }

    /// Runs `sql` with `values` sent in libpq's text format, prepared once per connection.
    private func executePrepared(_ sql: String, _ values: [SQLValue]) throws(StoreError) -> PostgresResult {
        var texts: [String?] = []
        texts.reserveCapacity(values.count)
        for value in values {
            let text = value.postgresText
            if let text, text.utf8.contains(0) {
                throw StoreError(.unavailable, "PostgreSQL text cannot hold a NUL character")
            }
            texts.append(text)
        }
        let copies: [UnsafeMutablePointer<CChar>?] = texts.map { $0.map { strdup($0) } }
        defer { copies.forEach { free($0) } }
        let parameters: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        let count = Int32(parameters.count)
        let name = try statementName(for: sql, parameterCount: count)
        return try check(PQexecPrepared(handle, name, count, parameters, nil, nil, 0), action: "execute")
    }

    private func statementName(for sql: String, parameterCount: Int32) throws(StoreError) -> String {
        if let name = prepared[sql] { return name }
        let name = "vestibule_\(prepared.count + 1)"
        // Each `$n` carries its type as a cast (``PostgresDialect``), so the server infers none.
        _ = try check(PQprepare(handle, name, sql, parameterCount, nil), action: "prepare")
        prepared[sql] = name
        return name
    }

    /// Takes ownership of `raw` and returns it when its status is a success; otherwise throws its error.
    private func check(_ raw: OpaquePointer?, action: String) throws(StoreError) -> PostgresResult {
        guard let raw else {
            // libpq returns no result only when it cannot allocate one or the connection is gone.
            let message = secret.scrub(String(cString: PQerrorMessage(handle)))
            throw StoreError(.unavailable, "\(action): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let result = PostgresResult(raw)
        switch PQresultStatus(raw) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return result
        default:
            throw StoreError(postgres: raw, secret: secret, action: action)
        }
    }
}

@available(*, unavailable)
extension PostgresConnection: Sendable {}
