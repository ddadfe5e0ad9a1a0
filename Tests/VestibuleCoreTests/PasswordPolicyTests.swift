import Testing
@testable import VestibuleCore

@Suite struct PasswordPolicyTests {
    let policy = PasswordPolicy()
    let email = try! EmailAddress("adalovelace@example.com")

    @Test func theDefaultsAreTenTo256Characters() {
        #expect(policy.minimumLength == 10)
        #expect(policy.maximumLength == 256)
    }

    @Test func passwordRulesDescribeTheEnforcedLengthsAndNoCompositionRules() {
        #expect(policy.passwordRules == "minlength: 10; maxlength: 256;")
        #expect(PasswordPolicy(minimumLength: 12, maximumLength: 64).passwordRules == "minlength: 12; maxlength: 64;")
    }

    @Test func aPasswordShorterThanTheMinimumIsRefused() {
        #expect(policy.problem(with: "Tr0ub4d&r", email: nil) == .tooShort(minimum: 10))
        #expect(policy.problem(with: "", email: nil) == .tooShort(minimum: 10))
        #expect(policy.problem(with: "Tr0ub4d&rx", email: nil) == nil)
    }

    @Test func lengthIsCountedInScalarsAfterNFCNormalization() {
        // Nine letters written with combining acute accents (each has a precomposed form): eighteen scalars
        // before normalization, nine after.
        let decomposed = "acegiklmn".map { "\($0)\u{301}" }.joined()
        #expect(decomposed.unicodeScalars.count == 18)
        #expect(policy.problem(with: decomposed, email: nil) == .tooShort(minimum: 10))
        #expect(policy.problem(with: decomposed + "o\u{301}", email: nil) == nil)
        #expect(policy.problem(with: "パスワードはとても長い", email: nil) == nil)
    }

    @Test func aPasswordLongerThanTheMaximumIsRefused() {
        let longest = String((0..<256).map { Character(UnicodeScalar(UInt8(0x61 + $0 * 7 % 26))) })
        #expect(policy.problem(with: longest, email: nil) == nil)
        #expect(policy.problem(with: longest + "x", email: nil) == .tooLong(maximum: 256))
    }

    @Test func a128CharacterPassphraseIsAccepted() {
        let passphrase = String(
            repeating: "correct horse battery staple, ", count: 5
        ).prefix(128)
        #expect(passphrase.count == 128)
        #expect(policy.problem(with: String(passphrase), email: email) == nil)
    }

    @Test(arguments: ["1234567890", "qwertyuiop", "Password123", "ILOVEYOU123", "1q2w3e4r5t", "qwerty12345",
                      "PassWord2024", "1qaz2wsx3edc"])
    func aCommonPasswordIsRefusedWhateverItsCase(password: String) {
        #expect(policy.problem(with: password, email: nil) == .tooCommon)
    }

    @Test(arguments: ["aaaaaaaaaa", "ZZZZZZZZZZZZZZZZ", "abcabcabcabc", "12121212121212", "abcdefghijklm",
                      "zyxwvutsrq", "ééééééééééé"])
    func aRepeatedCharacterOrAnObviousSequenceIsRefused(password: String) {
        #expect(policy.problem(with: password, email: nil) == .tooCommon)
    }

    @Test func theEmailAddressOrItsLocalPartIsRefused() {
        #expect(policy.problem(with: "AdaLovelace@Example.com", email: email) == .sameAsEmail)
        #expect(policy.problem(with: "adalovelace", email: email) == .sameAsEmail)
        #expect(policy.problem(with: "adalovelace", email: nil) == nil)
        #expect(policy.problem(with: "adalovelace!", email: email) == nil)
    }

    @Test func everyBlocklistEntryIsLowercaseAndLongEnoughToMatter() {
        #expect(CommonPasswords.list.count >= 300)
        for entry in CommonPasswords.list {
            #expect(entry == entry.lowercased(), "\(entry)")
            #expect(entry.unicodeScalars.count >= 10, "\(entry)")
        }
    }
}
