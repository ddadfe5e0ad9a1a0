/// A `Set-Cookie` value with safe defaults: `Path=/`, `HttpOnly`, `Secure`, `SameSite=Lax`.
public struct Cookie: Sendable, Hashable {
    public enum SameSite: String, Sendable, Hashable {
        case strict = "Strict"
        case lax = "Lax"
        case none = "None"
    }

    public let name: String
    public let value: String
    public let path: String
    /// Lifetime in seconds; nil makes a session cookie, 0 deletes the cookie.
    public let maxAge: Int?
    public let httpOnly: Bool
    public let secure: Bool
    public let sameSite: SameSite

    /// Validates the cookie so that a value can never inject attributes or header fields.
    ///
    /// The name must be an RFC 6265 token, the value and path must use cookie-octets only, `__Host-` and
    /// `__Secure-` prefixes and `SameSite=None` require `secure` (browsers would drop the cookie silently).
    public init(
        name: String,
        value: String,
        path: String = "/",
        maxAge: Int? = nil,
        httpOnly: Bool = true,
        secure: Bool = true,
        sameSite: SameSite = .lax
    ) throws(CookieError) {
        guard HTTPToken.isValid(name.utf8) else { throw CookieError("invalid cookie name") }
        guard value.utf8.allSatisfy(Self.isValueByte) else { throw CookieError("invalid value for cookie \(name)") }
        guard path.hasPrefix("/"), path.utf8.allSatisfy(Self.isPathByte) else {
            throw CookieError("invalid path for cookie \(name)")
        }
        let needsSecure = name.hasPrefix("__Host-") || name.hasPrefix("__Secure-") || sameSite == .none
        guard secure || !needsSecure else { throw CookieError("cookie \(name) must be Secure") }
        guard !name.hasPrefix("__Host-") || path == "/" else { throw CookieError("cookie \(name) needs Path=/") }
        self.name = name
        self.value = value
        self.path = path
        self.maxAge = maxAge
        self.httpOnly = httpOnly
        self.secure = secure
        self.sameSite = sameSite
    }

    /// A cookie that makes the browser delete `name` (same path and flags, empty value, `Max-Age=0`).
    public static func removal(of name: String, path: String = "/", secure: Bool = true) throws(CookieError) -> Cookie {
        try Cookie(name: name, value: "", path: path, maxAge: 0, secure: secure)
    }

    /// The `Set-Cookie` header value.
    public var serialized: String {
        var result = "\(name)=\(value); Path=\(path)"
        if let maxAge { result += "; Max-Age=\(max(0, maxAge))" }
        if httpOnly { result += "; HttpOnly" }
        if secure { result += "; Secure" }
        result += "; SameSite=\(sameSite.rawValue)"
        return result
    }

    /// RFC 6265 cookie-octet: visible ASCII except `"`, `,`, `;` and `\`.
    static func isValueByte(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && byte != 0x22 && byte != 0x2C && byte != 0x3B && byte != 0x5C
    }

    /// RFC 6265 path-value: any visible ASCII or space except `;`.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        (0x20...0x7E).contains(byte) && byte != 0x3B
    }
}

/// A cookie that cannot be serialized safely; a programming error, answered as 500 when a handler throws it.
public struct CookieError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}
