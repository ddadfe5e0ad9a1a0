/// The cookies a test browser holds: set by `Set-Cookie`, removed by an empty value, sent back in one
/// `Cookie` header.
public struct CookieJar {
    public private(set) var cookies: [String: String]

    public init(_ cookies: [String: String] = [:]) {
        self.cookies = cookies
    }

    public subscript(name: String) -> String? {
        get { cookies[name] }
        set { cookies[name] = newValue }
    }

    /// The `Cookie` header value, or nil without cookies.
    public var header: String? {
        cookies.isEmpty ? nil : cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
    }

    /// Takes in a response's `Set-Cookie` values; an empty value (how Vestibule and the bookstore
    /// clear a cookie) removes it.
    public mutating func remember(_ setCookieHeaders: [String]) {
        for header in setCookieHeaders {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            cookies[String(pair[0])] = pair[1].isEmpty ? nil : String(pair[1])
        }
    }
}
