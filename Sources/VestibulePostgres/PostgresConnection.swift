internal import CPostgres
import Foundation
import VestibuleCore

/// One libpq connection with the names of the statements prepared on it.
///
/// Used by one thread at a time: the pool hands it to one borrower at once.
final class PostgresConnection {
    private let handle: OpaquePointer
    private let secret: ConnectionSecret
    /// Prepared statement names by their SQL; each query is parsed and planned once per connection.
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

    /// Whether the connection can be handed out again: still connected and outside any transaction.
    var isReusable: Bool {
        PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE
    }

    /// Runs SQL that binds no values (transaction control, migrations; may hold several statements).
    func execute(_ sql: String) throws(StoreError) {
        _ = try check(PQexec(handle, sql), action: "execute")
    }

    /// Runs a statement with `values` bound to `$1…` as text, prepared once per connection when `prepared`.
    @discardableResult
    func query(_ sql: String, _ values: [any PostgresBindable] = [], prepared: Bool = true)
        throws(StoreError) -> PostgresResult
    {
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
        if prepared {
            let name = try statementName(for: sql, parameterCount: count)
            return try check(PQexecPrepared(handle, name, count, parameters, nil, nil, 0), action: "execute")
        }
        return try check(PQexecParams(handle, sql, count, nil, parameters, nil, nil, 0), action: "execute")
    }

    /// Runs `body` in a transaction; commits when it returns, rolls back when it throws.
    func transaction<R>(_ body: (PostgresConnection) throws(StoreError) -> R) throws(StoreError) -> R {
        try execute("BEGIN")
        do throws(StoreError) {
            let result = try body(self)
            try execute("COMMIT")
            return result
        } catch {
            // A failing rollback is ignored so the first error reaches the caller; a connection left in a
            // transaction is not reusable and the pool drops it.
            if PQtransactionStatus(handle) != PQTRANS_IDLE {
                PQclear(PQexec(handle, "ROLLBACK"))
            }
            throw error
        }
    }

    private func statementName(for sql: String, parameterCount: Int32) throws(StoreError) -> String {
        if let name = prepared[sql] { return name }
        let name = "vestibule_\(prepared.count + 1)"
        // Parameter types are inferred by the server from where each `$n` appears.
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

/// The password in the store's URL, kept only to remove it from libpq's messages before they become errors.
struct ConnectionSecret: Sendable {
    private let forms: [String]

    init(url: String) {
        // postgres://user:password@host…: the password sits between the first ':' after "//" and the last '@'
        // of the authority.
        guard let schemeEnd = url.range(of: "://") else { forms = []; return }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@") else { forms = []; return }
        let userInfo = authority[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { forms = []; return }
        let password = String(userInfo[userInfo.index(after: colon)...])
        guard !password.isEmpty else { forms = []; return }
        forms = [password, password.removingPercentEncoding].compactMap { $0 }.filter { !$0.isEmpty }
    }

    func scrub(_ text: String) -> String {
        forms.reduce(text) { $0.replacingOccurrences(of: $1, with: "********") }
    }
}
