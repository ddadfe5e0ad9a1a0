import Dispatch
import Testing
import VestibuleCore

@Suite("Schema and lifecycle")
struct StoreLifecycleTests {
    @Test(arguments: StoreBackend.allCases)
    func migrateIsIdempotent(backend: StoreBackend) throws {
        try backend.withStore { store in
            let version = try store.schemaVersion()
            #expect(version >= 1)
            let account = try Fixture.storedAccount(in: store)

            #expect(try store.migrate() == [])
            #expect(try store.migrate() == [])

            #expect(try store.schemaVersion() == version)
            #expect(try store.account(id: account.id) == account)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func checkIntegrityIsTrueForAHealthyDatabase(backend: StoreBackend) throws {
        try backend.withStore { store in
            _ = try Fixture.storedAccount(in: store)
            #expect(try store.checkIntegrity())
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func callsAfterCloseFailWithUnavailable(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            store.close()
            store.close()  // idempotent

            expectStoreError(.unavailable) { _ = try store.account(id: account.id) }
            expectStoreError(.unavailable) { try store.insertSession(Fixture.session(of: account)) }
            expectStoreError(.unavailable) { try store.migrate() }
            expectStoreError(.unavailable) { _ = try store.schemaVersion() }
            expectStoreError(.unavailable) { _ = try store.checkIntegrity() }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func closeWhileOtherThreadsWorkLetsEachCallFinishOrFailWithUnavailable(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                guard thread > 0 else {
                    for _ in 0..<20 { _ = try? store.account(id: account.id) }  // let the others get going
                    store.close()
                    return
                }
                for _ in 0..<2_000 {
                    do throws(StoreError) {
                        let session = Fixture.session(of: account)
                        try store.insertSession(session)
                        _ = try store.session(tokenHash: session.tokenHash)
                    } catch {
                        #expect(error.code == .unavailable, "\(error)")
                        return
                    }
                }
                Issue.record("thread \(thread) never saw the store close")
            }
            expectStoreError(.unavailable) { _ = try store.sessions(of: account.id) }
        }
    }
}
