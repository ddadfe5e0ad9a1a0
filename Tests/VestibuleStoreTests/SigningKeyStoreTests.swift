import Testing
import VestibuleCore

@Suite("Signing keys")
struct SigningKeyStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func signingKeysAreNewestFirstAndRetirementIsRecorded(backend: StoreBackend) throws {
        try backend.withStore { store in
            var old = Fixture.signingKey(id: "2026-01", at: 0)
            let new = Fixture.signingKey(id: "2026-02", at: 2_592_000)
            try store.insertSigningKey(new)
            try store.insertSigningKey(old)
            #expect(try store.signingKeys() == [new, old])

            try store.retireSigningKey(keyID: "2026-01", at: Fixture.date(2_592_000))

            old.retiredAt = Fixture.date(2_592_000)
            #expect(try store.signingKeys() == [new, old])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func noSigningKeysBeforeTheFirstIsInserted(backend: StoreBackend) throws {
        try backend.withStore { store throws in
            #expect(try store.signingKeys().isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func sealedPrivateKeyBytesRoundTripExactly(backend: StoreBackend) throws {
        try backend.withStore { store in
            // Every byte value, NULs included: the sealed key is binary, never text.
            let key = Fixture.signingKey(id: "k", at: 0)
            #expect(key.sealedPrivateKey.count == 256)
            try store.insertSigningKey(key)
            #expect(try store.signingKeys().first?.sealedPrivateKey == key.sealedPrivateKey)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func insertSigningKeyFailsWithConflictWhenKeyIDExists(backend: StoreBackend) throws {
        try backend.withStore { store in
            let key = Fixture.signingKey(id: "dup", at: 0)
            try store.insertSigningKey(key)
            expectStoreError(.conflict) { try store.insertSigningKey(Fixture.signingKey(id: "dup", at: 60)) }
            #expect(try store.signingKeys() == [key])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func retireMissingSigningKeyFailsWithNotFound(backend: StoreBackend) throws {
        try backend.withStore { store in
            expectStoreError(.notFound) { try store.retireSigningKey(keyID: "missing", at: Fixture.date(0)) }
        }
    }
}
