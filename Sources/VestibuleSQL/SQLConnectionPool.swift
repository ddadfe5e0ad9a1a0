import Foundation
package import VestibuleCore
import VestibuleMetrics

/// Up to `size` connections of one driver. A caller borrows one for the length of a closure and waits while all
/// are busy. A connection that comes back unusable (its server dropped it, or it was left inside a transaction)
/// is closed, and a new one is opened in its place when next needed.
///
/// What differs between the stores is only how many connections open at once: SQLite opens all its readers
/// (and its writer, a pool of one, so the pool is the lock that makes it the single writer); PostgreSQL opens
/// one and the rest as concurrent calls need them.
///
/// `@unchecked Sendable`: every stored `var` is read and written only while `condition` is locked, and a
/// connection leaves `idle` for exactly one borrower at a time, so no connection is ever used by two threads at
/// once, which is what its driver requires.
package final class SQLConnectionPool<Connection: SQLConnection>: @unchecked Sendable {
    private let size: Int
    private let connect: @Sendable () throws(StoreError) -> Connection
    private let metrics: SQLPoolMetrics
    private let condition = NSCondition()
    private var idle: [Connection] = []
    /// Connections that exist or are being opened, borrowed or idle.
    private var open = 0
    private var borrowed = 0
    private var isClosed = false

    /// Opens `initialCount` connections with `connect` at once, so a wrong path or an unreachable server fails
    /// here rather than at the first call.
    package init(
        size: Int,
        initialCount: Int,
        metrics: SQLPoolMetrics,
        connect: @escaping @Sendable () throws(StoreError) -> Connection
    ) throws(StoreError) {
        precondition(initialCount <= size, "a pool cannot open more connections than its size")
        self.size = size
        self.connect = connect
        self.metrics = metrics
        for _ in 0..<initialCount {
            idle.append(try connect())
        }
        open = initialCount
    }

    /// Runs `body` with a connection no other thread is using.
    package func withConnection<R>(_ body: (Connection) throws(StoreError) -> R) throws(StoreError) -> R {
        let connection = try checkOut()
        metrics.inUse.increment()
        defer {
            metrics.inUse.decrement()
            checkIn(connection)
        }
        return try metrics.operationDuration.time { () throws(StoreError) in try body(connection) }
    }

    /// Waits until no connection is borrowed, then closes them all. Later borrowers fail with `.unavailable`.
    package func close() {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
        condition.broadcast()  // wakes callers waiting for a connection, so they fail instead of waiting forever
        while borrowed > 0 { condition.wait() }
        idle.removeAll()
        open = 0
    }

    private func checkOut() throws(StoreError) -> Connection {
        condition.lock()
        while idle.isEmpty && open >= size && !isClosed { condition.wait() }
        guard !isClosed else {
            condition.unlock()
            throw StoreError.closed
        }
        borrowed += 1
        // Last in, first out: the most recently used connection has the warmest statement cache.
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        open += 1
        condition.unlock()
        // Connecting can take milliseconds: outside the lock, so other borrowers are not held up.
        do throws(StoreError) {
            return try connect()
        } catch {
            condition.lock()
            open -= 1
            borrowed -= 1
            condition.broadcast()
            condition.unlock()
            throw error
        }
    }

    private func checkIn(_ connection: Connection) {
        let reusable = connection.isReusable
        condition.lock()
        defer { condition.unlock() }
        borrowed -= 1
        if reusable && !isClosed {
            idle.append(connection)
        } else {
            open -= 1  // the connection closes in its deinit, when the caller's reference goes
        }
        condition.broadcast()
    }
}
