import VestibuleHTTP

/// A request checked before libcurl sees it, split into what an error message may name (method and origin)
/// and what it must not (path, query, header values, body).
struct RequestTarget {
    let method: String
    /// `https://appleid.apple.com` or `http://127.0.0.1:8081`.
    let origin: String
    /// Path, query and fragment as given; kept only to scrub them out of libcurl's explanations.
    let rest: String
    /// `Name: value` lines for `CURLOPT_HTTPHEADER`.
    let headerLines: [String]

    init(_ request: HTTPClientRequest, userAgent: String) throws(HTTPClientError) {
        method = request.method.rawValue
        guard !method.isEmpty, method.utf8.allSatisfy(Self.isNameByte) else {
            throw HTTPClientError(.invalidRequest, "the method is not an HTTP token")
        }
        let url = request.url
        let lowered = url.lowercased()
        guard let scheme = ["https://", "http://"].first(where: lowered.hasPrefix) else {
            throw HTTPClientError(.invalidRequest, "\(method): the URL must start with http:// or https://")
        }
        // Visible ASCII only: spaces, controls and raw non-ASCII must arrive percent-encoded, which also keeps
        // a hostile value from smuggling a second line into anything that prints the URL.
        guard url.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw HTTPClientError(.invalidRequest, "\(method): the URL contains characters that must be percent-encoded")
        }
        let afterScheme = url.dropFirst(scheme.count)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty else { throw HTTPClientError(.invalidRequest, "\(method): the URL has no host") }
        // Credentials in a URL end up in error messages and logs; no caller of this client needs them.
        guard !authority.contains("@") else {
            throw HTTPClientError(.invalidRequest, "\(method): the URL must not contain credentials")
        }
        origin = String(url.prefix(scheme.count)) + authority
        rest = String(afterScheme.dropFirst(authority.count))

        guard !userAgent.isEmpty, Self.isValidValue(userAgent) else {
            throw HTTPClientError(.invalidRequest, "the User-Agent is empty or contains a line break")
        }
        var lines: [String] = []
        for (name, value) in request.headers {
            guard !name.isEmpty, name.utf8.allSatisfy(Self.isNameByte) else {
                throw HTTPClientError(.invalidRequest, "\(method) \(origin): a header field name is not a token")
            }
            guard Self.isValidValue(value) else {
                throw HTTPClientError(.invalidRequest, "\(method) \(origin): the value of \(name) contains a line break")
            }
            // The client frames the body itself; a caller's length could disagree with it.
            guard !["content-length", "transfer-encoding"].contains(name.lowercased()) else {
                throw HTTPClientError(.invalidRequest, "\(method) \(origin): \(name) is set by the client")
            }
            // libcurl reads `Name:` as "remove this header" and `Name;` as "send it empty".
            lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        // libcurl would wait for `100 Continue` before large bodies: a round trip our servers do not need.
        if !request.headers.contains("Expect") { lines.append("Expect:") }
        // libcurl labels every body it posts as a form unless told otherwise; a body is what the caller says.
        if !request.headers.contains("Content-Type") { lines.append("Content-Type:") }
        headerLines = lines
    }

    /// Visible ASCII except the colon that ends a field name.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && byte != UInt8(ascii: ":")
    }

    /// No CR, LF or NUL: any of them would end the field (or the C string) early and start another.
    private static func isValidValue(_ value: String) -> Bool {
        !value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }
}
