import Testing
@testable import VestibuleAppleButton
@testable import VestibuleLocalization

/// SIWA-17 and SIWA-25: the three titles in Apple's wording and capitalization, in every language.
@Suite struct AppleButtonTitleTests {
    /// English as in the guidelines; Japanese as in Apple's Japanese guidelines ("Appleでサインイン",
    /// "Appleでサインアップ", "Appleで続ける"); German and Arabic follow Apple's names for the feature
    /// ("Mit Apple anmelden", "تسجيل الدخول باستخدام Apple").
    static let expected: [Language: [AppleButtonTitle: String]] = [
        .english: [.signIn: "Sign in with Apple", .signUp: "Sign up with Apple", .continue: "Continue with Apple"],
        .japanese: [.signIn: "Appleでサインイン", .signUp: "Appleでサインアップ", .continue: "Appleで続ける"],
        .german: [.signIn: "Mit Apple anmelden", .signUp: "Mit Apple registrieren", .continue: "Mit Apple fortfahren"],
        .arabic: [
            .signIn: "تسجيل الدخول باستخدام Apple",
            .signUp: "التسجيل باستخدام Apple",
            .continue: "المتابعة باستخدام Apple",
        ],
    ]

    @Test(arguments: Language.allCases)
    func everyTitleIsApplesWordingInEveryLanguage(language: Language) throws {
        let catalog = try StringCatalog(language: language)
        for title in AppleButtonTitle.allCases {
            #expect(title.text(in: catalog) == Self.expected[language]?[title], "\(language) \(title)")
            // "Apple" is a name: never translated, transliterated or recased.
            #expect(title.text(in: catalog).contains("Apple"))
        }
    }

    @Test func englishTitlesCapitalizeTheFirstWordAndAppleOnly() throws {
        let catalog = try StringCatalog(language: .english)
        for title in AppleButtonTitle.allCases {
            let words = title.text(in: catalog).split(separator: " ")
            #expect(words.first?.first?.isUppercase == true)
            #expect(words.last == "Apple")
            for word in words.dropFirst().dropLast() {
                #expect(word == word.lowercased(), "\(title): \(word)")
            }
        }
    }

    @Test func theTitlesAreApplesButtonTypes() {
        #expect(AppleButtonTitle.allCases.map(\.rawValue) == ["sign-in", "sign-up", "continue"])
    }
}
