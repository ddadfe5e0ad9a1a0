/// The cookies of a request's `Cookie` header(s), read once when the request is made: a session check looks up
/// several of them (session, visitor, language), and each lookup used to parse the whole header again.
///
/// A pair that is not `name=value` (RFC 6265 §4.1.1: no `=`, a name that is not a token, a value with spaces,
/// quotes, commas, backslashes or non-ASCII) is skipped and the others are kept. Anyone who can set a cookie for
/// a parent domain (a sibling subdomain, a plain-HTTP network attacker) can plant such a pair; if it cost every
/// cookie, the session's included, it would sign people out for as long as it lives. Values are kept as sent
/// (cookie values are opaque; surrounding double quotes are removed).
///
/// The pairs are slices of the header values, so reading the header allocates one array, and a lookup allocates
/// only the value it returns.
public struct RequestCookies: Sendable, Sequence {
    public typealias Element = (name: Substring, value: Substring)

    private var pairs: [Element] = []

    /// Reads every `Cookie` field of `headers`, in order.
    public init(headers: HTTPHeaders) {
        for field in headers where HTTPHeaders.namesMatch(field.name, "Cookie") {
            let utf8 = field.value.utf8
            var start = utf8.startIndex
            while start < utf8.endIndex {
                let end = utf8[start...].firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
                if let pair = Self.pair(in: utf8[start..<end]) { pairs.append(pair) }
                start = end == utf8.endIndex ? end : utf8.index(after: end)
            }
        }
    }

    /// The value of the first well-formed pair named `name` (for a repeated name the first, most specific one
    /// wins), or nil.
    public subscript(name: String) -> String? {
        pairs.first { $0.name.utf8.elementsEqual(name.utf8) }.map { String($0.value) }
    }

    /// Every well-formed pair, in the order sent, repeated names included.
    public func makeIterator() -> IndexingIterator<[Element]> { pairs.makeIterator() }

    /// The name and value of one `name=value` pair with optional whitespace around it; nil when malformed.
    private static func pair(in bytes: Substring.UTF8View) -> Element? {
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var bytes = bytes.drop(while: isWhitespace)
        while let last = bytes.last, isWhitespace(last) { bytes = bytes.dropLast() }
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        let name = bytes[..<equals]
        var value = bytes[bytes.index(after: equals)...]
        if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
            value = value.dropFirst().dropLast()
        }
        guard HTTPToken.isValid(name), value.allSatisfy(Cookie.isValueByte) else { return nil }
        // Both are ASCII (checked just above), so their bounds fall on characters.
        return (Substring(name), Substring(value))
    }
}
