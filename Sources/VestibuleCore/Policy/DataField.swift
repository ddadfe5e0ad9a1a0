/// One piece of data the operator asks people for beyond what signing in needs (SIWA-9, SIWA-10): its kind,
/// its label, and whether it is required (with the reason shown) or optional (with the benefit shown).
///
/// Required fields are asked once, right after sign-up, and gate only whether the account is complete; optional
/// ones are offered later, in context, and gate nothing (SIWA-13).
public struct DataField: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Accepting the terms at ``DataField/terms``; the stored value is that address, so accepting new terms
        /// (a new address) is asked again.
        case consent
        /// A country or region, as its two-letter code (`JP`): from ``DataField/countries`` when listed.
        case country
        /// A birth date, `YYYY-MM-DD`, not in the future.
        case date
        /// A phone number with its country code, stored as `+` and digits.
        case phone
        /// One line of text.
        case text
    }

    public enum Requirement: Sendable, Equatable {
        /// Needed for a complete account; `reason` says why, wherever the field is asked or shown.
        case required(reason: LocalizedText)
        /// Never needed; `benefit` says what giving it brings.
        case optional(benefit: LocalizedText)
    }

    /// How apps and the API name the field: 1 to 64 letters, digits, `_` or `-`, starting with a letter.
    public let name: String
    public let kind: Kind
    public let label: LocalizedText
    public let requirement: Requirement
    /// The address of the terms a ``Kind/consent`` field accepts; `nil` for other kinds.
    public let terms: String?
    /// The choices of a ``Kind/country`` field, as region codes; `nil` for any region (or another kind).
    public let countries: [String]?

    public init(
        name: String, kind: Kind, label: LocalizedText, requirement: Requirement, terms: String? = nil,
        countries: [String]? = nil
    ) {
        self.name = name
        self.kind = kind
        self.label = label
        self.requirement = requirement
        self.terms = terms
        self.countries = countries
    }

    public var isRequired: Bool {
        if case .required = requirement { true } else { false }
    }

    /// Why the field is asked: the reason of a required field, the benefit of an optional one.
    public var why: LocalizedText {
        switch requirement {
        case .required(let reason): reason
        case .optional(let benefit): benefit
        }
    }

    /// Whether `value` (as stored) still answers this field: a consent given to other terms does not.
    public func isAnswered(by value: FieldValue) -> Bool {
        value.name == name && (kind != .consent || value.value == terms)
    }
}
