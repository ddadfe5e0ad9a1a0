/// Why a value for a declared field was refused. ``message`` is plain English for logs and tests; pages and
/// the API show their own localized text by ``code``.
public struct FieldError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// The policy declares no field of that name.
        public static let unknownField = Code(name: "unknownField")
        /// A required field cannot be taken back: it would make the account incomplete again.
        public static let requiredField = Code(name: "requiredField")
        /// Nothing was given.
        public static let missing = Code(name: "missing")
        /// The terms were not accepted (a consent field's only value is `accepted`; nothing is not accepting).
        public static let notAccepted = Code(name: "notAccepted")
        /// Not a region code, or not one of the field's choices.
        public static let invalidCountry = Code(name: "invalidCountry")
        /// Not a date `YYYY-MM-DD` from 1900 until today.
        public static let invalidDate = Code(name: "invalidDate")
        /// Not a phone number with its country code.
        public static let invalidPhone = Code(name: "invalidPhone")
        /// Longer than ``DataField/maximumTextLength`` or more than one line.
        public static let invalidText = Code(name: "invalidText")

        public var description: String { name }
    }

    public let code: Code
    /// The field's name.
    public let field: String

    public init(_ code: Code, field: String) {
        self.code = code
        self.field = field
    }

    public var message: String {
        switch code {
        case .unknownField: "No field is named \(field)."
        case .requiredField: "\(field) is required, so it can be changed but not removed."
        case .missing: "Nothing was given for \(field)."
        case .notAccepted: "\(field) takes the value \"accepted\"."
        case .invalidCountry: "\(field) takes a two-letter region code such as JP, from its list when it has one."
        case .invalidDate: "\(field) takes a date YYYY-MM-DD from 1900 until today."
        case .invalidPhone: "\(field) takes a phone number with its country code, such as +81 90 1234 5678."
        default: "\(field) takes one line of at most \(DataField.maximumTextLength) characters."
        }
    }

    public var description: String { "\(code): \(message)" }
}
