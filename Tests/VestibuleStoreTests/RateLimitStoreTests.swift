import Dispatch
import Synchronization
import Testing
import VestibuleCore
import VestibuleCrypto
import VestibuleSQL

@Suite("Rate-limit attempts")
struct RateLimitStoreTests {
    private let key = "sign-in|address|192.0.2.1"

    @Test(arguments: StoreBackend.allCases)
    func attemptsInOneWindowCountUpFromItsStart(backend: StoreBackend) throws {
        try backend.withStore { store in
            let counts = try [0, 10, 59].map { seconds in
                try store.recordAttempt(key: key, window: .seconds(60), now: Fixture.date(seconds))
            }
            #expect(counts.map(\.count) == [1, 2, 3])
            #expect(counts.map(\.windowStart) == Array(repeating: Fixture.date(0), count: 3))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theFirstAttemptAtTheWindowsEndStartsANewWindow(backend: StoreBackend) throws {
        try backend.withStore { store in
            for seconds: Int64 in [0, 30] {
                _ = try store.recordAttempt(key: key, window: .seconds(60), now: Fixture.date(seconds))
            }
            let renewed = try store.recordAttempt(key: key, window: .seconds(60), now: Fixture.date(60))
            #expect(renewed.count == 1)
            #expect(renewed.windowStart == Fixture.date(60))
            let next = try store.recordAttempt(key: key, window: .seconds(60), now: Fixture.date(119))
            #expect(next.count == 2)
            #expect(next.windowStart == Fixture.date(60))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func keysAreCountedApart(backend: StoreBackend) throws {
        try backend.withStore { store in
            _ = try store.recordAttempt(key: key, window: .seconds(60), now: Fixture.date(0))
            _ = try store.recordAttempt(key: key, window: .seconds(60), now: Fixture.date(1))
            let other = try store.recordAttempt(key: "sign-in|address|192.0.2.2", window: .seconds(60), now: Fixture.date(2))
            #expect(other.count == 1)
            #expect(other.windowStart == Fixture.date(2))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func concurrentAttemptsFromSeveralThreadsAreEachCountedOnce(backend: StoreBackend) throws {
        let threads = 4
        let attemptsPerThread = 25
        try backend.withStore { store in
            let seen = Mutex<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for attempt in 0..<attemptsPerThread {
                    do {
                        let count = try store.recordAttempt(key: key, window: .seconds(900), now: Fixture.date(1)).count
                        seen.withLock { $0.append(count) }
                    } catch {
                        Issue.record(error, "thread \(thread), attempt \(attempt)")
                    }
                }
            }
            #expect(seen.withLock { $0.sorted() } == Array(1...(threads * attemptsPerThread)), "each saw its own count")
            let next = try store.recordAttempt(key: key, window: .seconds(900), now: Fixture.date(2))
            #expect(next.count == threads * attemptsPerThread + 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deleteExpiredAttemptsRemovesOnlyWindowsThatEnded(backend: StoreBackend) throws {
        try backend.withStore { store in
            _ = try store.recordAttempt(key: "short", window: .seconds(60), now: Fixture.date(0))
            _ = try store.recordAttempt(key: "long", window: .seconds(900), now: Fixture.date(0))
            _ = try store.recordAttempt(key: "ends-later", window: .seconds(60), now: Fixture.date(30))

            #expect(try store.deleteExpiredAttempts(before: Fixture.date(60)) == 1)
            #expect(try store.deleteExpiredAttempts(before: Fixture.date(60)) == 0)
            #expect(try store.recordAttempt(key: "long", window: .seconds(900), now: Fixture.date(61)).count == 2)
            #expect(try store.recordAttempt(key: "ends-later", window: .seconds(60), now: Fixture.date(61)).count == 2)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func theTableHoldsTheKeyOnlyAsItsSHA256Digest(backend: StoreBackend) throws {
        try backend.withStore { store in
            let key = "sign-in|account|ada@example.com"
            _ = try store.recordAttempt(key: key, window: .seconds(60), now: Fixture.date(0))

            let sqlStore = try #require(store as? any SQLStore)
            let rows = try sqlStore.read { connection throws(StoreError) in
                try connection.rows("SELECT * FROM rate_limit_attempts") { row in row.values }
            }
            #expect(rows.count == 1)
            #expect(rows.first?.contains(.blob(SHA2.sha256(key))) == true)
            #expect(rows.first?.contains { if case .text = $0 { true } else { false } } == false, "no text column")
        }
    }
}
