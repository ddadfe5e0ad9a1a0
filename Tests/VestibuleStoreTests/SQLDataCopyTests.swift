import Testing
import VestibuleCore
import VestibuleSQL
import VestibuleSQLite
import VestibuleTesting

/// The copy behind `vestibule copy-data`, from SQLite to PostgreSQL: every row over several pages, lists in the
/// same order afterwards, and a target that holds data left alone unless replacing.
@Suite("Copying data", .enabled(if: PostgresTestServer.isAvailable, "PostgreSQL is not installed"))
struct SQLDataCopyTests {
    @Test
    func everyRowIsCopiedOverSeveralPagesAndListsKeepTheirOrder() throws {
        try StoreBackend.sqlite.withStore { source in
            // More rows than one page holds (500), in every kind of key: text, two texts, and insertion order.
            var accounts: [Account] = []
            for index in 0..<600 {
                let account = try Fixture.storedAccount(in: source, displayName: "Person \(index)")
                // Sessions equal in every date: only the insertion order tells them apart in a list.
                for _ in 0..<2 { try source.insertSession(Fixture.session(of: account)) }
                accounts.append(account)
            }
            try Fixture.issue(Fixture.oneTimeCode(), in: source)
            _ = try source.recordAttempt(key: "sign-in|address|192.0.2.1", window: .seconds(60), now: Fixture.date(0))

            try StoreBackend.postgres.withStore { target in
                let outcome = try copy(from: source, to: target, replacing: false)
                guard case .copied(let reports) = outcome else {
                    Issue.record("expected a copy, got \(outcome)")
                    return
                }
                let rows = Dictionary(uniqueKeysWithValues: reports.map { ($0.table, $0.checksum.rows) })
                #expect(rows["accounts"] == 600)
                #expect(rows["identities"] == 600)
                #expect(rows["sessions"] == 1200)
                #expect(rows["one_time_codes"] == 1)
                #expect(rows["rate_limit_attempts"] == 1)
                #expect(rows["schema_migrations"] == SQLiteStore.schema.migrations.count)
                for account in [accounts[0], accounts[599]] {
                    #expect(try target.account(id: account.id) == account)
                    #expect(try target.identities(of: account.id) == source.identities(of: account.id))
                }
                let reordered = try accounts.filter { account in
                    try target.sessions(of: account.id) != source.sessions(of: account.id)
                }.count
                #expect(reordered == 0, "accounts that list their sessions in another order")
            }
        }
    }

    @Test
    func aTargetThatHoldsDataIsLeftAloneUnlessReplacing() throws {
        try StoreBackend.sqlite.withStore { source in
            let moved = try Fixture.storedAccount(in: source, displayName: "Moved")
            try StoreBackend.postgres.withStore { target in
                let resident = try Fixture.storedAccount(in: target, displayName: "Resident")

                let refused = try copy(from: source, to: target, replacing: false)
                guard case .targetNotEmpty(let tables) = refused else {
                    Issue.record("expected a refusal, got \(refused)")
                    return
                }
                #expect(tables == ["accounts", "identities"])
                #expect(try target.account(id: resident.id) == resident)
                #expect(try target.account(id: moved.id) == nil)

                guard case .copied = try copy(from: source, to: target, replacing: true) else {
                    Issue.record("expected a copy with replacing")
                    return
                }
                #expect(try target.account(id: resident.id) == nil)
                #expect(try target.account(id: moved.id) == moved)
            }
        }
    }

    private func copy(from source: any Store, to target: any Store, replacing: Bool) throws -> SQLDataCopy.Outcome {
        let source = try #require(source as? any SQLStore)
        let target = try #require(target as? any SQLStore)
        return try SQLDataCopy().run(from: source, to: target, replacing: replacing) { _ in }
    }
}
