import Foundation
import Testing
@testable import VestibuleLocalization

@Suite struct LocalizationTests {
    @Test(arguments: Language.allCases)
    func everyCatalogDefinesEveryKeyExactlyOnce(language: Language) throws {
        // Loading checks both directions: no key missing, none unknown.
        let catalog = try StringCatalog(language: language)
        #expect(catalog.allTexts.count == TextKey.allCases.count)
    }

    @Test func loadingACatalogWithAMissingKeyFailsAndNamesTheKey() {
        var entries = Dictionary(uniqueKeysWithValues: TextKey.allCases.map { ($0.rawValue, "x") })
        entries[TextKey.homeTitle.rawValue] = nil
        #expect {
            try StringCatalog(language: .english, entries: entries)
        } throws: { error in
            "\(error)".contains(TextKey.homeTitle.rawValue)
        }
    }

    /// AUTH-6: "passcode" means the device passcode; it must not appear in any language. German says
    /// "Bestätigungscode" and Arabic "رمز التحقق" for an emailed code instead.
    @Test(arguments: Language.allCases)
    func noCatalogUsesTheWordPasscode(language: Language) throws {
        let forbidden = [
            "passcode", "pass code", "パスコード", "暗証番号",
            "Gerätecode", "Gerätesperre", "Code der Gerätesperre",
            "رمز الدخول", "رمز المرور",
        ]
        for text in try StringCatalog(language: language).allTexts {
            for word in forbidden {
                #expect(!text.localizedCaseInsensitiveContains(word), "\(language): \(text)")
            }
        }
    }

    @Test(arguments: TextKey.allCases)
    func everyLanguageUsesTheSamePlaceholders(key: TextKey) throws {
        let english = try placeholders(in: StringCatalog(language: .english).text(key))
        for language in Language.allCases {
            #expect(try placeholders(in: StringCatalog(language: language).text(key)) == english, "\(language)")
        }
    }

    @Test func textFillsPlaceholders() throws {
        let catalog = try StringCatalog(language: .english)
        #expect(catalog.text(.homeSignedInAs, ["name": "Ada"]) == "You are signed in as Ada.")
        #expect(
            catalog.text(.mailCredentialChangedPasskeyAdded, ["name": "Work laptop", "app": "Vestibule"])
                == "A passkey named “Work laptop” was added to your Vestibule account."
        )
        #expect(catalog.text(.homeSignedInAs) == "You are signed in as {name}.", "a placeholder without a value stays")
    }

    /// A value someone chose (a passkey's name, an email) goes in as it is: a placeholder in it is not filled, so
    /// it cannot pull another value (a link, a code) into the sentence, whatever order the values come in.
    @Test func aValueIsInsertedAsItIsNeverReadForPlaceholders() throws {
        let catalog = try StringCatalog(language: .english)
        for arguments: KeyValuePairs<String, String> in [["name": "{app}", "app": "Vestibule"], ["app": "Vestibule", "name": "{app}"]] {
            #expect(catalog.text(.mailCredentialChangedPasskeyAdded, arguments) == "A passkey named “{app}” was added to your Vestibule account.")
        }
        #expect(StringCatalog.fill("{a}{b} {c {a}} {", { ["a": "1", "b": "{a}"][String($0)] }) == "1{a} {c 1} {")
    }

    @Test func arabicReadsRightToLeftAndEveryOtherLanguageLeftToRight() {
        #expect(Language.arabic.direction == "rtl")
        for language in Language.allCases where language != .arabic {
            #expect(language.direction == "ltr", "\(language)")
        }
    }

    @Test func germanAndArabicAreNegotiatedFromTheirRegionalTags() {
        #expect(Language.negotiate(explicit: nil, acceptLanguage: "de-CH, de;q=0.9, en;q=0.5") == .german)
        #expect(Language.negotiate(explicit: nil, acceptLanguage: "ar-EG,ar;q=0.9") == .arabic)
        #expect(Language.negotiate(explicit: "ar", acceptLanguage: "de") == .arabic)
    }

    /// The language switch names each language in itself.
    @Test func everyLanguageIsNamedInItself() throws {
        let names = try Language.allCases.map { try StringCatalog(language: $0).text(.languageName) }
        #expect(names == ["English", "日本語", "Deutsch", "العربية"])
    }

    /// The product's terms are the same in every sentence (AUTH-10: the button names its method).
    @Test func theSignInButtonNamesItsMethodInEveryLanguage() throws {
        let expected: [Language: String] = [
            .english: "Sign in with password", .japanese: "パスワードでサインイン",
            .german: "Mit Passwort anmelden", .arabic: "تسجيل الدخول بكلمة المرور",
        ]
        for language in Language.allCases {
            #expect(try StringCatalog(language: language).text(.signInWithPassword) == expected[language], "\(language)")
        }
    }

    /// The text-size status is a template whose `{percent}` the script fills; the catalogs give the sign its
    /// place ("100 %" in German, "100٪" in Arabic).
    @Test(arguments: Language.allCases)
    func textSizeStatusCarriesThePercentPlaceholder(language: Language) throws {
        let status = try StringCatalog(language: language).text(.textSizeStatus)
        #expect(status.contains("{percent}"))
        #expect(status.contains("%") || status.contains("٪"))
    }

    @Test func negotiationPrefersAnExplicitChoiceThenAcceptLanguageByQuality() {
        #expect(Language.negotiate(explicit: "ja", acceptLanguage: "en") == .japanese)
        #expect(Language.negotiate(explicit: nil, acceptLanguage: "fr;q=1, ja-JP;q=0.8, en;q=0.5") == .japanese)
        #expect(Language.negotiate(explicit: nil, acceptLanguage: "ja;q=0, en") == .english)
        #expect(Language.negotiate(explicit: "xx", acceptLanguage: nil) == .english)
        #expect(Language.negotiate(explicit: nil, acceptLanguage: ";;,,q=") == .english)
    }

    private func placeholders(in text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.insert(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }
}
