/// Where and how ``SMTPMailer`` delivers.
public struct SMTPConfiguration: Sendable {
    /// How the connection is protected.
    public enum Security: String, Sendable, CaseIterable {
        /// `smtp://`: upgrade with STARTTLS and refuse to continue when the server does not offer it.
        case startTLS
        /// `smtps://` (usually port 465): TLS from the first byte.
        case implicitTLS
        /// `smtp://` in clear text. For a relay on this machine or in tests; credentials are refused unless the
        /// host is a loopback address.
        case none
    }

    /// `smtp://host:587` (``Security/startTLS`` or ``Security/none``) or `smtps://host:465` (``Security/implicitTLS``).
    /// No username or password in the URL: use ``username`` and ``password``.
    public var url: String
    public var security: Security
    public var username: String?
    /// Never logged and never part of an error.
    public var password: String?
    /// The sender: `Vestibule <no-reply@example.com>`; its address is also the envelope sender (MAIL FROM).
    public var from: String
    /// The limit for connecting and for the whole exchange.
    public var timeout: Duration
    /// A PEM file of certificates to trust instead of the system's (a self-signed test server).
    public var caCertificateFile: String?

    public init(
        url: String,
        security: Security = .startTLS,
        username: String? = nil,
        password: String? = nil,
        from: String,
        timeout: Duration = .seconds(30),
        caCertificateFile: String? = nil
    ) {
        self.url = url
        self.security = security
        self.username = username
        self.password = password
        self.from = from
        self.timeout = timeout
        self.caCertificateFile = caCertificateFile
    }
}

extension SMTPConfiguration: CustomStringConvertible {
    /// For logs: the URL, security and username; never the password.
    public var description: String {
        "SMTPConfiguration(url: \(url), security: \(security), username: \(username ?? "none"), "
            + "password: \(password == nil ? "none" : "set"), from: \(from))"
    }
}

extension SMTPConfiguration {
    /// Checks what libcurl would otherwise accept silently: the scheme against ``security``, credentials in the
    /// URL, a password sent in clear text to another machine.
    func validate() throws(MailError) {
        let lowered = url.lowercased()
        let scheme = lowered.prefix { $0 != ":" }
        guard lowered.hasPrefix("\(scheme)://") else {
            throw MailError(.configuration, "the SMTP URL must start with smtp:// or smtps://")
        }
        switch (security, scheme) {
        case (.startTLS, "smtp"), (.none, "smtp"), (.implicitTLS, "smtps"): break
        case (.implicitTLS, _): throw MailError(.configuration, "implicit TLS needs an smtps:// URL")
        default: throw MailError(.configuration, "\(security) needs an smtp:// URL")
        }
        let authority = lowered.dropFirst(scheme.count + 3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.contains("@") {
            throw MailError(.configuration, "the SMTP URL must not contain credentials: set username and password")
        }
        if url.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " }) {
            throw MailError(.configuration, "the SMTP URL contains spaces or control characters")
        }
        if security == .none, password != nil, !Self.isLoopback(host: String(authority)) {
            throw MailError(.configuration, "refusing to send a password in clear text to a host that is not loopback")
        }
    }

    static func isLoopback(host authority: String) -> Bool {
        let host: Substring
        if authority.hasPrefix("[") {
            host = authority.dropFirst().prefix { $0 != "]" }
        } else {
            host = authority.prefix { $0 != ":" }
        }
        return host == "localhost" || host.hasPrefix("127.") || host == "::1"
    }

    /// The timeout in milliseconds, at least 1 (libcurl reads 0 as "no timeout").
    var timeoutMilliseconds: Int {
        let (seconds, attoseconds) = timeout.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
