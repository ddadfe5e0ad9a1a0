/// An ordered list of header fields whose names compare ASCII case-insensitively.
///
/// Order and repeated names are kept as received (repeated `Set-Cookie` fields must stay separate).
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Field = (name: String, value: String)

    private var fields: [Field] = []

    public init() {}

    public init(_ fields: [(String, String)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value for `name`, or nil.
    public subscript(name: String) -> String? {
        fields.first { Self.namesMatch($0.name, name) }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.compactMap { Self.namesMatch($0.name, name) ? $0.value : nil }
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Appends a field, keeping any existing ones with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Removes every field named `name`, then adds one with `value`.
    public mutating func replace(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Adds the field only when no field with that name exists.
    public mutating func addIfAbsent(_ name: String, _ value: String) {
        if !contains(name) { add(name, value) }
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// ASCII case-insensitive comparison without allocating lowercased copies (this runs on every lookup).
    package static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        // Most names differ in length, which native strings know without scanning.
        lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8) { a, b in
            a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
        }
    }
}
