/// Name/value pairs in `application/x-www-form-urlencoded` syntax: a query string or a form body.
///
/// Parsing is strict; a malformed percent-encoding, invalid UTF-8 or NUL makes the whole input a 400.
public struct URLEncodedFields: Sendable, Sequence {
    public typealias Field = (name: String, value: String)

    private var fields: [Field]

    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// Parses `a=1&b=two+words&flag`; empty pieces (`&&`) are skipped, a piece without `=` has an empty value.
    public init(parsing bytes: some Collection<UInt8>) throws(HTTPError) {
        fields = []
        for piece in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let name = try PercentDecoding.decode(piece[..<(equals ?? piece.endIndex)], plusIsSpace: true)
            let value = try equals.map { (equals) throws(HTTPError) in
                try PercentDecoding.decode(piece[piece.index(after: equals)...], plusIsSpace: true)
            } ?? ""
            fields.append((name: name, value: value))
        }
    }

    /// The first value for `name`, or nil.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value for `name`, in order (`?role=a&role=b`).
    public func values(_ name: String) -> [String] {
        fields.compactMap { $0.name == name ? $0.value : nil }
    }

    public var names: [String] { fields.map(\.name) }

    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

/// The query string of a request.
public typealias QueryParameters = URLEncodedFields

/// The fields of an `application/x-www-form-urlencoded` request body.
public typealias FormFields = URLEncodedFields
