import Foundation
import VestibuleCore

/// Up to `size` connections, opened when first needed. A caller borrows one for the length of a closure and
/// waits when all are busy. A connection that lost its server, or was left inside a transaction, is dropped
/// when it comes back, and a new one is opened in its place on demand.
///
/// `@unchecked Sendable`: every stored property is read and written only while `condition` is locked, and a
/// connection leaves `idle` for exactly one borrower at a time, so no connection is used by two threads at once.
final class PostgresConnectionPool: @unchecked Sendable {
    private let url: String
    private let secret: ConnectionSecret
    private let size: Int
    private let condition = NSCondition()
    private var idle: [PostgresConnection] = []
    /// Connections that exist or are being opened, borrowed or idle.
    private var open = 0
    private var borrowed = 0
    private var isClosed = false

    /// Opens the first connection at once, so a wrong URL or an unreachable server fails here.
    init(url: String, secret: ConnectionSecret, size: Int) throws(StoreError) {
        self.url = url
        self.secret = secret
        self.size = size
        idle = [try PostgresConnection(url: url, secret: secret)]
        open = 1
    }

    /// Runs `body` with a connection no other thread is using.
    func withConnection<R>(_ body: (PostgresConnection) throws(StoreError) -> R) throws(StoreError) -> R {
        let connection = try checkOut()
        defer { checkIn(connection) }
        return try body(connection)
    }

    /// Waits until no connection is borrowed, then closes them all. Later borrowers fail with `.unavailable`.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        condition.broadcast()  // wakes callers waiting for a connection, so they fail instead of waiting forever
        while borrowed > 0 { condition.wait() }
        idle.removeAll()
        open = 0
    }

    private func checkOut() throws(StoreError) -> PostgresConnection {
        condition.lock()
        while idle.isEmpty && open >= size && !isClosed { condition.wait() }
        guard !isClosed else {
            condition.unlock()
            throw StoreError.closed
        }
        borrowed += 1
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        open += 1
        condition.unlock()
        // Connecting takes milliseconds: outside the lock, so other borrowers are not held up.
        do throws(StoreError) {
            return try PostgresConnection(url: url, secret: secret)
        } catch {
            condition.lock()
            open -= 1
            borrowed -= 1
            condition.broadcast()
            condition.unlock()
            throw error
        }
    }

    private func checkIn(_ connection: PostgresConnection) {
        let reusable = connection.isReusable
        condition.lock()
        defer { condition.unlock() }
        borrowed -= 1
        if reusable && !isClosed {
            idle.append(connection)
        } else {
            open -= 1  // released when this function returns; PQfinish runs in its deinit
        }
        condition.broadcast()
    }
}
