import Foundation
import Testing
import VestibuleCore
import VestibuleTesting

/// The operator's data policy (SIWA-9, SIWA-10, SIWA-13): the file is read whole or refused with a message that
/// names the field and the problem, and each kind of field takes only values it can use.
@Suite struct DataPolicyTests {
    static let languages: Set<String> = ["en", "ja", "de", "ar"]

    static let shop = """
    {"fields": [
      {"name": "terms", "type": "consent", "terms": "https://shop.example.com/terms", "required": true,
       "label": {"en": "I accept the terms of service", "ja": "利用規約に同意します"},
       "reason": {"en": "We can sell to you only under these terms."}},
      {"name": "country", "type": "country", "countries": ["JP", "DE", "US"], "required": true,
       "label": {"en": "Country"}, "reason": {"en": "Prices and taxes depend on it."}},
      {"name": "phone", "type": "phone", "required": false,
       "label": {"en": "Phone number"}, "benefit": {"en": "We text you when your order ships.", "de": "Wir schicken dir eine SMS."}}
    ]}
    """

    @Test func aPolicyFileDeclaresRequiredFieldsWithReasonsAndOptionalOnesWithBenefits() throws {
        let policy = try DataPolicy(json: Array(Self.shop.utf8), languages: Self.languages)
        #expect(policy.fields.map(\.name) == ["terms", "country", "phone"])
        let terms = try #require(policy.field(named: "terms"))
        #expect(terms.kind == .consent && terms.isRequired && terms.terms == "https://shop.example.com/terms")
        #expect(terms.label.text(in: "ja") == "利用規約に同意します")
        #expect(terms.label.text(in: "ar") == "I accept the terms of service", "a missing language falls back to English")
        #expect(policy.field(named: "country")?.countries == ["JP", "DE", "US"])
        let phone = try #require(policy.field(named: "phone"))
        #expect(!phone.isRequired)
        #expect(phone.requirement == .optional(benefit: LocalizedText(english: "We text you when your order ships.", translations: ["de": "Wir schicken dir eine SMS."])))
        #expect(phone.why.text(in: "de") == "Wir schicken dir eine SMS.")
    }

    @Test func onlyRequiredFieldsLeftUnansweredMakeAnAccountIncomplete() throws {
        let policy = try DataPolicy(json: Array(Self.shop.utf8), languages: Self.languages)
        let now = Date()
        #expect(policy.missing(from: []).map(\.name) == ["terms", "country"])
        #expect(policy.notGiven(from: []).map(\.name) == ["phone"])
        let given = [
            FieldValue(name: "country", value: "JP", givenAt: now),
            FieldValue(name: "terms", value: "https://shop.example.com/terms", givenAt: now),
        ]
        #expect(policy.missing(from: given).isEmpty, "complete without the optional phone")
        // Consent to earlier terms is not consent to these.
        let old = [FieldValue(name: "terms", value: "https://shop.example.com/terms-2024", givenAt: now)]
        #expect(policy.missing(from: old).map(\.name) == ["terms", "country"])
    }

    @Test(arguments: [
        ("[]", "must be an object with one member, \"fields\""),
        ("{\"fields\": [], \"extra\": 1}", "must be an object with one member"),
        ("not json", "is not JSON"),
        (#"{"fields": [{"type": "text"}]}"#, "fields[0] needs a \"name\""),
        (#"{"fields": [{"name": "1st"}]}"#, "fields[0]: the name \"1st\" must be 1 to 64 letters"),
        (#"{"fields": [{"name": "phone", "type": "tel", "required": false}]}"#, "field \"phone\": \"type\" must be one of consent, country, date, phone, text; got \"tel\""),
        (#"{"fields": [{"name": "phone", "type": "phone", "required": "yes"}]}"#, "field \"phone\": \"required\" must be true or false"),
        (#"{"fields": [{"name": "phone", "type": "phone", "required": true, "label": {"en": "Phone"}}]}"#, "field \"phone\" needs \"reason\""),
        (#"{"fields": [{"name": "phone", "type": "phone", "required": false, "label": {"en": "Phone"}}]}"#, "field \"phone\" needs \"benefit\""),
        (#"{"fields": [{"name": "phone", "type": "phone", "required": false, "label": {"en": "P"}, "reason": {"en": "R"}}]}"#, "field \"phone\" is optional: say what it brings in \"benefit\""),
        (#"{"fields": [{"name": "phone", "type": "phone", "required": true, "label": {"en": "P"}, "benefit": {"en": "B"}}]}"#, "field \"phone\" is required: say why in \"reason\""),
        (#"{"fields": [{"name": "phone", "type": "phone", "required": false, "label": {"ja": "電話"}, "benefit": {"en": "B"}}]}"#, "field \"phone\": \"label\" needs an English text"),
        (#"{"fields": [{"name": "phone", "type": "phone", "required": false, "label": {"en": "P", "fr": "T"}, "benefit": {"en": "B"}}]}"#, "field \"phone\": \"label\" has a text in \"fr\", but the pages speak ar, de, en, ja"),
        (#"{"fields": [{"name": "phone", "type": "phone", "required": false, "label": {"en": " "}, "benefit": {"en": "B"}}]}"#, "\"label\" in \"en\" must be text of 1 to 500 characters"),
        (#"{"fields": [{"name": "phone", "type": "phone", "required": false, "label": "Phone", "benefit": {"en": "B"}}]}"#, "field \"phone\": \"label\" must map language tags to text"),
        (#"{"fields": [{"name": "phone", "type": "phone", "required": false, "label": {"en": "P"}, "benefits": {"en": "B"}}]}"#, "field \"phone\" has an unknown key \"benefits\""),
        (#"{"fields": [{"name": "terms", "type": "consent", "required": true, "label": {"en": "T"}, "reason": {"en": "R"}}]}"#, "field \"terms\" is a consent: \"terms\" must be the address of the terms"),
        (#"{"fields": [{"name": "c", "type": "country", "countries": ["JP", "XX"], "required": true, "label": {"en": "C"}, "reason": {"en": "R"}}]}"#, "field \"c\": \"countries\" has \"XX\", which is not a region code"),
        (#"{"fields": [{"name": "c", "type": "country", "countries": ["EU"], "required": true, "label": {"en": "C"}, "reason": {"en": "R"}}]}"#, "\"countries\" has \"EU\", which is not a region code"),
        (#"{"fields": [{"name": "c", "type": "text", "countries": ["JP"], "required": true, "label": {"en": "C"}, "reason": {"en": "R"}}]}"#, "field \"c\": \"countries\" is only for country fields"),
        (#"{"fields": [{"name": "a", "type": "text", "required": false, "label": {"en": "A"}, "benefit": {"en": "B"}}, {"name": "a", "type": "date", "required": false, "label": {"en": "A"}, "benefit": {"en": "B"}}]}"#, "field \"a\" is declared twice"),
    ])
    func aBadPolicyIsRefusedWithAMessageNamingTheFieldAndTheProblem(json: String, message: String) {
        #expect {
            try DataPolicy(json: Array(json.utf8), languages: Self.languages)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    /// Each kind stores one normal form and refuses what it cannot use.
    @Test(arguments: [
        (DataField.Kind.consent, "accepted", "https://example.com/terms"),
        (.consent, " accepted ", "https://example.com/terms"),
        (.country, "jp", "JP"),
        (.country, "XK", "XK"),
        (.date, "1990-04-21", "1990-04-21"),
        (.date, "2000-02-29", "2000-02-29"),
        (.date, "2026-06-30", "2026-06-30"),
        (.phone, "+81 90-1234-5678", "+819012345678"),
        (.phone, "0049 (151) 1234.5678", "+4915112345678"),
        (.text, "  Ada  ", "Ada"),
    ])
    func eachKindStoresItsNormalForm(kind: DataField.Kind, input: String, stored: String) throws {
        #expect(try Self.field(kind).value(from: input, today: Self.today) == stored)
    }

    @Test(arguments: [
        (DataField.Kind.consent, "yes", FieldError.Code.notAccepted),
        (.consent, "", .notAccepted),
        (.country, "EU", .invalidCountry),
        (.country, "J", .invalidCountry),
        (.country, "ZZ", .invalidCountry),
        (.date, "1990-02-30", .invalidDate),
        (.date, "1990-4-21", .invalidDate),
        (.date, "21.04.1990", .invalidDate),
        (.date, "2026-07-01", .invalidDate),
        (.date, "1899-12-31", .invalidDate),
        (.phone, "090 1234 5678", .invalidPhone),
        (.phone, "+0 123 456 789", .invalidPhone),
        (.phone, "+81 9012", .invalidPhone),
        (.phone, "+81 90 1234 5678 9012", .invalidPhone),
        (.phone, "+81 90 CALL ME", .invalidPhone),
        (.text, String(repeating: "a", count: 201), .invalidText),
        (.text, "two\nlines", .invalidText),
        (.text, "   ", .missing),
    ])
    func eachKindRefusesWhatItCannotUse(kind: DataField.Kind, input: String, code: FieldError.Code) {
        #expect {
            try Self.field(kind).value(from: input, today: Self.today)
        } throws: { error in
            (error as? FieldError)?.code == code
        }
    }

    @Test func aCuratedCountryListTakesOnlyItsOwnRegions() throws {
        let field = DataField(
            name: "country", kind: .country, label: LocalizedText(english: "Country"),
            requirement: .required(reason: LocalizedText(english: "Taxes")), countries: ["JP", "DE"]
        )
        #expect(try field.value(from: "de", today: Self.today) == "DE")
        #expect(throws: FieldError(.invalidCountry, field: "country")) { try field.value(from: "US", today: Self.today) }
    }

    @Test func accountFieldsStoresTakesBackAndKeepsRequiredFields() throws {
        let store = try makeTestStore()
        defer { store.close() }
        let clock = TestClock(startingAt: TestClock.fixedStart)
        let account = try makeAccount(in: store, at: clock.now())
        let fields = AccountFields(
            policy: try DataPolicy(json: Array(Self.shop.utf8), languages: Self.languages), store: store, clock: clock.now
        )
        #expect(try fields.missing(of: account.id).map(\.name) == ["terms", "country"])
        try fields.give("+81 90 1234 5678", for: "phone", of: account.id)
        try fields.give("jp", for: "country", of: account.id)
        try fields.give(DataField.acceptedValue, for: "terms", of: account.id)
        #expect(try fields.missing(of: account.id).isEmpty)
        #expect(try fields.given(of: account.id).map(\.name) == ["terms", "country", "phone"], "in the policy's order")
        #expect(try fields.given(of: account.id).first { $0.name == "country" }?.value == "JP")

        #expect(throws: FieldError(.requiredField, field: "country")) { try fields.withdraw("country", of: account.id) }
        #expect(throws: FieldError(.unknownField, field: "shoeSize")) { try fields.give("44", for: "shoeSize", of: account.id) }
        #expect(try fields.withdraw("phone", of: account.id))
        #expect(try !fields.withdraw("phone", of: account.id), "gone already")
        #expect(try fields.missing(of: account.id).isEmpty, "taking back an optional field keeps the account complete")
    }

    /// 2026-06-30T12:00:00Z.
    static let today = Date(timeIntervalSince1970: 1_782_820_800)

    static func field(_ kind: DataField.Kind) -> DataField {
        DataField(
            name: "f", kind: kind, label: LocalizedText(english: "F"), requirement: .optional(benefit: LocalizedText(english: "B")),
            terms: kind == .consent ? "https://example.com/terms" : nil
        )
    }
}
