import Testing
import VestibuleCore

@Suite struct EmailAddressTests {
    @Test func anAddressIsTrimmedAndLowercasedWhole() throws {
        let address = try EmailAddress("  Ada.Lovelace@Example.COM \n")
        #expect(address.value == "ada.lovelace@example.com")
        #expect(address.description == "ada.lovelace@example.com")
        #expect(address.localPart == "ada.lovelace")
        #expect(address.domain == "example.com")
    }

    @Test func composedAndDecomposedSpellingsAreOneAddress() throws {
        #expect(try EmailAddress("zoe\u{308}@example.com") == EmailAddress("zo\u{EB}@example.com"))
    }

    @Test(arguments: [
        "a@b.co",
        "first.last+tag@mail.example.org",
        "o'brien@example.ie",
        "用户@例子.广告",
        "ada@privaterelay.appleid.com",
    ])
    func ordinaryAddressesAreAccepted(text: String) throws {
        #expect(try EmailAddress(text).value == text.lowercased())
    }

    @Test(arguments: [
        "",
        "   ",
        "ada",
        "ada@",
        "@example.com",
        "ada@example",
        "ada@@example.com",
        "ada@bob@example.com",
        "ada lovelace@example.com",
        "ada@exa mple.com",
        "ada@example..com",
        "ada@.example.com",
        "ada@example.com.",
        "ada\u{200B}@example.com",
        "ada\u{0}@example.com",
        "ada\t@example.com",
        String(repeating: "a", count: 65) + "@example.com",
        "ada@" + String(repeating: "a", count: 250) + ".com",
    ])
    func malformedAddressesAreRefusedWithInvalidEmail(text: String) {
        let error = #expect(throws: AccountError.self) { try EmailAddress(text) }
        #expect(error?.code == .invalidEmail)
    }

    @Test func theLongestAcceptedAddressIs254Bytes() throws {
        let local = String(repeating: "a", count: 64)
        let domain = String(repeating: "b", count: 63) + "." + String(repeating: "c", count: 63) + "."
            + String(repeating: "d", count: 57) + ".com"
        let address = local + "@" + domain
        #expect(address.utf8.count == 254)
        #expect(try EmailAddress(address).value == address)
        #expect(throws: AccountError.self) { try EmailAddress("a" + address) }
    }
}
