import Testing
import VestibuleCore

/// What people gave for the data policy's fields: one value per account and field, replaced when given again,
/// gone with the account.
@Suite("Account fields")
struct AccountFieldStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func aFieldGivenAgainReplacesTheEarlierValue(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            let phone = FieldValue(name: "phone", value: "+819012345678", givenAt: Fixture.date(10))
            let country = FieldValue(name: "country", value: "JP", givenAt: Fixture.date(20))
            try store.saveAccountField(phone, of: account.id)
            try store.saveAccountField(country, of: account.id)
            #expect(try store.accountFields(of: account.id) == [country, phone], "by name")

            let newPhone = FieldValue(name: "phone", value: "+4915112345678", givenAt: Fixture.date(30))
            try store.saveAccountField(newPhone, of: account.id)
            #expect(try store.accountFields(of: account.id) == [country, newPhone])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func eachAccountHasItsOwnValues(backend: StoreBackend) throws {
        try backend.withStore { store in
            let ada = try Fixture.storedAccount(in: store)
            let grace = try Fixture.storedAccount(in: store)
            try store.saveAccountField(FieldValue(name: "country", value: "GB", givenAt: Fixture.date(0)), of: ada.id)
            try store.saveAccountField(FieldValue(name: "country", value: "US", givenAt: Fixture.date(0)), of: grace.id)
            #expect(try store.accountFields(of: ada.id).map(\.value) == ["GB"])
            #expect(try store.deleteAccountField(name: "country", of: ada.id))
            #expect(try store.accountFields(of: ada.id).isEmpty)
            #expect(try store.accountFields(of: grace.id).map(\.value) == ["US"], "the other account keeps its value")
            #expect(try !store.deleteAccountField(name: "country", of: ada.id), "deleted already")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func savingAFieldForAMissingAccountFailsWithNotFound(backend: StoreBackend) throws {
        try backend.withStore { store in
            let ghost = Fixture.account()
            expectStoreError(.notFound) {
                try store.saveAccountField(FieldValue(name: "phone", value: "+819012345678", givenAt: Fixture.date(0)), of: ghost.id)
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deletingTheAccountDeletesItsFieldValues(backend: StoreBackend) throws {
        try backend.withStore { store in
            let account = try Fixture.storedAccount(in: store)
            try store.saveAccountField(FieldValue(name: "birthDate", value: "1815-12-10", givenAt: Fixture.date(0)), of: account.id)
            try store.deleteAccount(id: account.id)
            #expect(try store.accountFields(of: account.id).isEmpty)
        }
    }
}
