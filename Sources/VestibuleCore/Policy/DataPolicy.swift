/// The extra data an operator asks people for (SIWA-9, SIWA-10, SIWA-13): the declared fields, in the order the
/// pages show them. Read at start-up from the file the `data-policy` setting names (``init(json:languages:)``);
/// without one, nothing beyond what signing in needs is ever asked.
public struct DataPolicy: Sendable, Equatable {
    public let fields: [DataField]

    public init(fields: [DataField]) {
        self.fields = fields
    }

    /// No extra fields.
    public static let empty = DataPolicy(fields: [])

    /// Whether any field is required, that is, whether an account can be incomplete at all.
    public var hasRequiredFields: Bool { fields.contains(where: \.isRequired) }

    public func field(named name: String) -> DataField? {
        fields.first { $0.name == name }
    }

    /// `values` with the declared fields first, in the policy's order, then values of fields the policy no
    /// longer declares, by name (still held, so still shown and exported).
    public func ordered(_ values: [FieldValue]) -> [FieldValue] {
        let order = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1.name, $0) })
        return values.sorted { (order[$0.name] ?? .max, $0.name) < (order[$1.name] ?? .max, $1.name) }
    }

    /// The required fields that `given` does not answer: what keeps an account from being complete.
    public func missing(from given: [FieldValue]) -> [DataField] {
        fields.filter { field in field.isRequired && !given.contains { field.isAnswered(by: $0) } }
    }

    /// The optional fields that `given` does not answer yet: what the account page offers.
    public func notGiven(from given: [FieldValue]) -> [DataField] {
        fields.filter { field in !field.isRequired && !given.contains { field.isAnswered(by: $0) } }
    }
}
