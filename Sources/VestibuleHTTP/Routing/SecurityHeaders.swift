/// The browser hardening headers every response carries; the server (`HTTPServer` in `VestibuleHTTPServer`) applies
/// them to everything it sends through its handler path, including 400, 404, 405, 413 and 500.
///
/// A header the handler already set is kept, so a page can deliberately tighten or relax one (for instance a
/// stricter `Content-Security-Policy`).
public struct SecurityHeaders: Sendable {
    /// No inline script or style anywhere: pages load scripts and stylesheets from their own origin.
    public static let defaultContentSecurityPolicy = contentSecurityPolicy(formActions: [], images: [])

    /// The default policy, with forms also allowed to lead to `formActions` (origins such as Apple's sign-in
    /// page, where a same-origin form's redirect goes: `form-action` also governs redirects), images from
    /// `images` (Apple's button images), and the page framed only by `frameAncestors` (none by default).
    public static func contentSecurityPolicy(formActions: [String], images: [String], frameAncestors: [String] = [])
        -> String
    {
        let targets = (["'self'"] + formActions).joined(separator: " ")
        let imageSources = (["'self'", "data:"] + images).joined(separator: " ")
        let framers = frameAncestors.isEmpty ? "'none'" : frameAncestors.joined(separator: " ")
        return "default-src 'self'; script-src 'self'; style-src 'self'; img-src \(imageSources); object-src 'none'; "
            + "base-uri 'none'; form-action \(targets); frame-ancestors \(framers)"
    }

    public let fields: [(name: String, value: String)]

    /// - Parameter strictTransportSecurity: send HSTS; only when clients reach the server over HTTPS, since a
    ///   browser ignores it over plain HTTP and it would break a plain-HTTP development setup reached by name.
    public init(contentSecurityPolicy: String = Self.defaultContentSecurityPolicy, strictTransportSecurity: Bool) {
        var fields: [(name: String, value: String)] = [
            ("Content-Security-Policy", contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "strict-origin-when-cross-origin"),
            ("X-Frame-Options", "DENY"),
            ("Cross-Origin-Opener-Policy", "same-origin"),
        ]
        if strictTransportSecurity {
            fields.append(("Strict-Transport-Security", "max-age=63072000; includeSubDomains"))
        }
        self.fields = fields
    }

    /// Adds each header that `headers` does not set yet. A response whose own policy lets other pages frame it
    /// (`frame-ancestors` other than `'none'`: an embeddable element) gets no `X-Frame-Options`, the older header
    /// that would forbid exactly that.
    public func apply(to headers: inout HTTPHeaders) {
        let framable = headers["Content-Security-Policy"].map(Self.allowsFraming) ?? false
        for (name, value) in fields where !(framable && HTTPHeaders.namesMatch(name, "X-Frame-Options")) {
            headers.addIfAbsent(name, value)
        }
    }

    private static func allowsFraming(_ policy: String) -> Bool {
        policy.split(separator: ";").contains { directive in
            let words = directive.split(separator: " ")
            return words.first == "frame-ancestors" && words.dropFirst() != ["'none'"]
        }
    }

    /// The same headers as middleware, for handlers served outside `HTTPServer`.
    public var middleware: Middleware {
        Middleware { [self] request, next in
            var response = try next(request)
            apply(to: &response.headers)
            return response
        }
    }
}
