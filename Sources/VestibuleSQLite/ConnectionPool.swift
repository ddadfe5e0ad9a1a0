import Foundation
import VestibuleCore

/// The reader connections. A caller borrows one for the length of a closure and waits when all are busy.
///
/// `@unchecked Sendable`: every stored property is read and written only while `condition` is locked, and a
/// connection leaves `idle` for exactly one borrower at a time, so no connection is ever used by two threads
/// at once, which is what its `SQLITE_OPEN_NOMUTEX` requires.
final class ConnectionPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var idle: [Connection]
    private var borrowed = 0
    private var isClosed = false

    init(path: String, count: Int) throws(StoreError) {
        var connections: [Connection] = []
        for _ in 0..<count {
            connections.append(try Connection(path: path, role: .reader))
        }
        idle = connections
    }

    /// Runs `body` with a connection no other thread is using.
    func withConnection<R>(_ body: (Connection) throws(StoreError) -> R) throws(StoreError) -> R {
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
    }

    private func checkOut() throws(StoreError) -> Connection {
        condition.lock()
        defer { condition.unlock() }
        while idle.isEmpty && !isClosed { condition.wait() }
        guard !isClosed else { throw StoreError.closed }
        borrowed += 1
        // Last in, first out: the most recently used connection has the warmest statement cache and pages.
        return idle.removeLast()
    }

    private func checkIn(_ connection: Connection) {
        condition.lock()
        defer { condition.unlock() }
        idle.append(connection)
        borrowed -= 1
        condition.broadcast()
    }
}
