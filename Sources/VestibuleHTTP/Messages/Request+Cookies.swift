extension Request {
    /// The cookies of the `Cookie` header(s); for a repeated name the first (most specific) one wins.
    ///
    /// A pair that is not `name=value` (RFC 6265 §4.1.1: no `=`, a name that is not a token, a value with spaces,
    /// quotes, commas, backslashes or non-ASCII) is skipped and the others are kept. Anyone who can set a cookie
    /// for a parent domain (a sibling subdomain, a plain-HTTP network attacker) can plant such a pair; if it
    /// cost every cookie, the session's included, it would sign people out for as long as it lives. Values are
    /// returned as sent (cookie values are opaque; surrounding double quotes are removed).
    public func cookies() -> [String: String] {
        var cookies: [String: String] = [:]
        for header in headers.values(for: "Cookie") {
            for pair in header.utf8.split(separator: UInt8(ascii: ";")) {
                guard let (name, value) = Self.cookie(in: pair), cookies[name] == nil else { continue }
                cookies[name] = value
            }
        }
        return cookies
    }

    /// The name and value of one `name=value` pair with optional whitespace around it; nil when malformed.
    private static func cookie(in pair: Substring.UTF8View) -> (name: String, value: String)? {
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var pair = pair.drop(while: isWhitespace)
        while let last = pair.last, isWhitespace(last) { pair = pair.dropLast() }
        guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        let name = pair[..<equals]
        var value = pair[pair.index(after: equals)...]
        if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
            value = value.dropFirst().dropLast()
        }
        guard HTTPToken.isValid(name), value.allSatisfy(Cookie.isValueByte) else { return nil }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }
}
