import Foundation

/// Debian's Apache with `mod_auth_openidc` (`libapache2-mod-auth-openidc`, 2.4.12) on 127.0.0.1: a real OpenID
/// Connect relying party for the provider under test. It protects ``protectedURL``, a page that prints the
/// claims the module hands the application, signs in with the authorization code flow (PKCE S256 by default)
/// against the provider whose `issuer` it is given (discovery at `issuer/.well-known/openid-configuration`,
/// fetched at the first protected request, so Apache starts before the provider does), logs out through the
/// provider's `end_session_endpoint` (``logoutURL(returningTo:)``), and ends its sessions when the provider
/// posts a logout token to ``backchannelLogoutURI``.
///
/// Like ``NginxTestServer`` it cannot listen on port 0, so it takes a ``PortReservation``, kept until it stops:
/// the provider must register ``redirectURI`` and ``backchannelLogoutURI`` for the client first. It writes a
/// self-contained configuration (no file of /etc/apache2 is read) into a fresh temporary directory and runs
/// `apache2 -DFOREGROUND` (prefork, one child to begin with) as a child leading its own process group. Run as
/// root, Apache serves as www-data, so the directory is readable by all.
///
/// The module's settings, and why each, are in the configuration it writes (`configuration(port:issuer:…)`).
///
/// It owns the process (a ``ForegroundDaemon``): ``stop()`` (also from `deinit`) ends Apache and its children and
/// removes the directory; a watchdog shell does the same should the test process die first.
public final class ApacheOpenIDCTestServer: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// How the relying party asks and what it accepts; the defaults are the ordinary confidential web client.
    public struct Options: Sendable {
        /// The scopes asked for (`OIDCScope`).
        public var scope: String
        /// `OIDCPKCEMethod`: `S256`, `plain`, or nil for no PKCE.
        public var pkceMethod: String?
        /// `OIDCIDTokenSignedResponseAlg`: the only algorithm accepted on ID tokens and logout tokens (`ES256`
        /// for a client registered for it), or nil for any the provider's JWKS supports.
        public var idTokenSigningAlgorithm: String?
        /// `OIDCProviderTokenEndpointAuth`: `client_secret_basic` or `client_secret_post`, or nil for the
        /// module's choice from the provider's `token_endpoint_auth_methods_supported`.
        public var tokenEndpointAuthentication: String?
        /// The level of the module's own log lines in ``errorLog`` (`info`; `debug` shows every exchange).
        public var logLevel: String

        public init(
            scope: String = "openid email profile",
            pkceMethod: String? = "S256",
            idTokenSigningAlgorithm: String? = nil,
            tokenEndpointAuthentication: String? = nil,
            logLevel: String = "info"
        ) {
            self.scope = scope
            self.pkceMethod = pkceMethod
            self.idTokenSigningAlgorithm = idTokenSigningAlgorithm
            self.tokenEndpointAuthentication = tokenEndpointAuthentication
            self.logLevel = logLevel
        }
    }

    /// Whether Apache and mod_auth_openidc are installed (`scripts/install-deps.sh test` installs them).
    public static var isAvailable: Bool {
        executable != nil && FileManager.default.fileExists(atPath: "\(modules)/mod_auth_openidc.so")
    }

    private static let executable: String? = {
        ["/usr/sbin/apache2", "/usr/local/sbin/apache2"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Debian's module directory (`apache2-bin`, and `libapache2-mod-auth-openidc` for the module itself).
    private static let modules = "/usr/lib/apache2/modules"

    /// A static file Apache answers without the module, to say it is up.
    private static let readinessPath = "/__apache-test-ready"

    public var port: Int { reservation.port }
    /// `http://127.0.0.1:PORT`.
    public var origin: String { "http://127.0.0.1:\(port)" }
    /// The protected page: signed in, it answers `text/plain` lines `NAME=value` for `REMOTE_USER` (the `sub`)
    /// and every `OIDC_CLAIM_…` variable, the ID token's claims merged with the userinfo endpoint's
    /// (``claims(in:)`` reads them). Signed out, a browser is redirected to the provider's authorization endpoint;
    /// a client that does not accept `text/html` gets 401 instead (the module's `OIDCUnAuthAction` default).
    public var protectedURL: String { "\(origin)/protected/claims" }
    /// The client's redirect URI, which the provider must register: a path the module answers itself.
    public var redirectURI: String { "\(origin)/protected/redirect_uri" }
    /// Where the provider posts logout tokens (`backchannel_logout_uri`), which it must register too. The module
    /// wants the token signed (with ``Options/idTokenSigningAlgorithm`` when set), `iss`, `aud`, `iat`, the
    /// back-channel logout event, `sid` or `sub` (the session of the ID token with that `sid`, else that `sub`),
    /// no `nonce`, and a `jti` it has not seen; it answers 200, or 400 with the reason in ``errorLog``.
    public var backchannelLogoutURI: String { "\(redirectURI)?logout=backchannel" }
    /// An unprotected page ("Signed out of the test app") to return to after logging out, which the provider must
    /// register as a `post_logout_redirect_uri`; also where a logout without a `returningTo` ends.
    public var postLogoutRedirectURI: String { "\(origin)/logged-out" }
    /// The session as JSON (`OIDCInfoHook`: its tokens, the ID token's claims, userinfo, expiry), for a browser
    /// holding its cookie; `&access_token_refresh_interval=0` makes the module refresh the access token first.
    public var sessionInfoURL: String { "\(redirectURI)?info=json" }

    /// RP-initiated logout: the module ends its session and sends the browser to the provider's
    /// `end_session_endpoint` with `id_token_hint` and `post_logout_redirect_uri=url` (no `client_id`, no
    /// `state`), or straight to `url` when it has no session. `url` must be on this host: the module refuses
    /// others (`OIDCRedirectURLsAllowed` is left at its default).
    public func logoutURL(returningTo url: String? = nil) -> String {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let target = url ?? postLogoutRedirectURI
        return "\(redirectURI)?logout=\(target.addingPercentEncoding(withAllowedCharacters: unreserved) ?? target)"
    }

    /// The claims the protected page printed, by claim name (`email`, `sub`, …, without the `OIDC_CLAIM_`
    /// prefix); multi-valued claims come joined with commas (`aud`), as the module passes them.
    public static func claims(in page: String) -> [String: String] {
        var claims: [String: String] = [:]
        for line in page.split(separator: "\n") where line.hasPrefix(claimPrefix) {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = line[line.index(line.startIndex, offsetBy: claimPrefix.count)..<equals]
            claims[String(name)] = String(line[line.index(after: equals)...])
        }
        return claims
    }

    private static let claimPrefix = "OIDC_CLAIM_"

    private let reservation: PortReservation
    private let daemon: ForegroundDaemon
    private var directory: String { daemon.directory }

    /// Starts Apache on 127.0.0.1 and the reserved `port` as the client `clientID` of the provider at `issuer`
    /// (its origin, as in the ID tokens' `iss`), and waits until it answers. The provider need not run yet.
    public init(
        port: PortReservation, issuer: String, clientID: String, clientSecret: String, options: Options = Options()
    ) throws(Failure) {
        guard let executable = Self.executable, Self.isAvailable else {
            throw Failure(description: "apache2 or mod_auth_openidc is not installed; run scripts/install-deps.sh test")
        }
        reservation = port
        do {
            daemon = try ForegroundDaemon(name: "apache2", pidFile: "apache2.pid") { directory in
                let configuration = try Self.configuration(
                    port: port.port, issuer: issuer, clientID: clientID, clientSecret: clientSecret, options: options,
                    passphrase: Self.randomPassphrase(), directory: directory
                )
                try Self.write(configuration, to: "apache2.conf", mode: 0o644, in: directory)
                try Self.write("ready\n", to: "ready.txt", mode: 0o644, in: directory)
                try Self.write(Self.loggedOutPage, to: "logged-out.html", mode: 0o644, in: directory)
                try Self.write(Self.claimsScript, to: "claims.cgi", mode: 0o755, in: directory)
                try FileManager.default.createDirectory(
                    atPath: "\(directory)/htdocs", withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755]
                )
                return (executable, ["-d", directory, "-f", "\(directory)/apache2.conf", "-DFOREGROUND"])
            }
            try daemon.waitUntilReady(timeout: .seconds(10), log: { errorLog }) { Self.answersReadiness(port: port.port) }
        } catch {
            throw Failure(description: error.description)
        }
    }

    private static func write(_ text: String, to name: String, mode: Int, in directory: String) throws {
        let path = "\(directory)/\(name)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    /// Apache's and the module's messages (start-up problems, every refusal of a token or a redirect), with
    /// what Apache printed on its own output.
    public var errorLog: String { daemon.logs(["output.log", "error.log"]) }

    /// Every request answered so far, one line each: `METHOD /path?query STATUS` (a back-channel logout is
    /// `POST /protected/redirect_uri?logout=backchannel 200`). Apache writes a line after it has answered.
    public var accessLog: [String] {
        let text = (try? String(contentsOfFile: "\(directory)/access.log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Stops Apache (SIGTERM, then SIGKILL to its whole process group after 5 seconds) and removes its files.
    /// Safe to call more than once.
    public func stop() { daemon.stop() }

    private static func answersReadiness(port: Int) -> Bool {
        guard let connection = try? RawConnection(port: port, timeout: 2),
              (try? connection.send("GET \(readinessPath) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")) != nil,
              let response = try? connection.readResponse()
        else { return false }
        return response.status == 200 && response.text == "ready\n"
    }

    /// The key of the module's state cookies and cache entries: a fresh one each run.
    private static func randomPassphrase() -> String {
        (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max)) }.joined()
    }

    /// The whole configuration. Only what the relying party needs is loaded: prefork (the claims page is a CGI
    /// script, which a threaded MPM would need mod_cgid's daemon for), `AuthType` and `Require valid-user`,
    /// `Alias`/`ScriptAlias`, content types, CGI, and mod_auth_openidc.
    static func configuration(
        port: Int, issuer: String, clientID: String, clientSecret: String, options: Options, passphrase: String,
        directory: String
    ) throws(Failure) -> String {
        let values =
            [issuer, clientID, clientSecret, options.scope, directory]
            + [
                options.pkceMethod, options.idTokenSigningAlgorithm, options.tokenEndpointAuthentication,
            ].compactMap { $0 }
        if let value = values.first(where: { $0.contains(where: \.isNewline) }) {
            throw Failure(description: "a configuration value holds a line break: \(value.debugDescription)")
        }
        let levels = ["emerg", "alert", "crit", "error", "warn", "notice", "info", "debug"]
        guard levels.contains(options.logLevel) || options.logLevel.hasPrefix("trace") else {
            throw Failure(description: "not an Apache log level: \(options.logLevel)")
        }
        let issuer = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        let origin = "http://127.0.0.1:\(port)"
        let modules = [
            "mpm_prefork", "authn_core", "authz_core", "authz_user", "alias", "mime", "cgi", "auth_openidc",
        ].map { "LoadModule \($0)_module \(Self.modules)/mod_\($0).so" }.joined(separator: "\n")
        // As root, Apache's children serve as www-data; anyone else runs Apache as themselves.
        let user = geteuid() == 0 ? "User www-data\nGroup www-data" : ""
        var optional: [String] = []
        if let method = options.pkceMethod { optional.append("OIDCPKCEMethod \(quoted(method))") }
        if let algorithm = options.idTokenSigningAlgorithm {
            optional.append("OIDCIDTokenSignedResponseAlg \(quoted(algorithm))")
        }
        if let method = options.tokenEndpointAuthentication {
            optional.append("OIDCProviderTokenEndpointAuth \(quoted(method))")
        }
        return """
            ServerRoot \(quoted(directory))
            \(modules)
            Listen 127.0.0.1:\(port)
            ServerName 127.0.0.1
            \(user)
            PidFile \(quoted("\(directory)/apache2.pid"))
            DefaultRuntimeDir \(quoted(directory))
            Mutex file:\(directory) default
            ErrorLog \(quoted("\(directory)/error.log"))
            LogLevel warn auth_openidc:\(options.logLevel)
            LogFormat "%m %U%q %>s" requests
            CustomLog \(quoted("\(directory)/access.log")) requests
            TypesConfig /etc/mime.types
            StartServers 1
            MinSpareServers 1
            MaxSpareServers 4
            DocumentRoot \(quoted("\(directory)/htdocs"))
            <Directory />
              AllowOverride None
              Require all denied
            </Directory>

            Alias \(readinessPath) \(quoted("\(directory)/ready.txt"))
            Alias /logged-out \(quoted("\(directory)/logged-out.html"))
            <LocationMatch "^(\(readinessPath)|/logged-out)$">
              Require all granted
            </LocationMatch>

            # The relying party. Discovery gives every endpoint, the JWKS and back-channel logout support. An
            # http provider and redirect URI only draw a warning ("SHOULD be https") from the module, and
            # OIDCSSLValidateServer matters only for https, so plain http on 127.0.0.1 needs no setting.
            OIDCProviderMetadataURL \(quoted("\(issuer)/.well-known/openid-configuration"))
            OIDCClientID \(quoted(clientID))
            OIDCClientSecret \(quoted(clientSecret))
            OIDCRedirectURI \(quoted("\(origin)/protected/redirect_uri"))
            OIDCCryptoPassphrase \(quoted(passphrase))
            OIDCResponseType code
            OIDCScope \(quoted(options.scope))
            \(optional.joined(separator: "\n"))
            # Sessions in the server's shared memory, not in the cookie: a back-channel logout can only end a
            # session the server holds (it finds it by the logout token's sid, or sub), and the ID token is
            # kept for the id_token_hint of an RP-initiated logout.
            OIDCSessionType server-cache
            OIDCCacheType shm
            # Over http the module sets no SameSite on its cookies (its SameSite=None needs https); On makes
            # them explicit: the state cookie Lax, so that it comes back on the provider's top-level redirect
            # to the redirect URI, and the session cookie Lax too. Neither is Secure: plain http on 127.0.0.1.
            OIDCCookieSameSite On
            # REMOTE_USER is the bare sub (the default, sub@, appends the issuer's host).
            OIDCRemoteUserClaim sub
            OIDCDefaultLoggedOutURL \(quoted("\(origin)/logged-out"))
            # redirect_uri?info=json: the session as JSON, for tests that look past the claims page.
            OIDCInfoHook iat access_token access_token_expires id_token userinfo refresh_token exp timeout session
            # A provider that does not answer fails the test in seconds, not after the default minute.
            OIDCHTTPTimeoutShort 5
            OIDCHTTPTimeoutLong 10

            ScriptAlias /protected/claims \(quoted("\(directory)/claims.cgi"))
            <Location /protected>
              AuthType openid-connect
              Require valid-user
            </Location>
            """
    }

    /// A value in double quotes, as Apache's configuration reads it (the configuration has refused line breaks).
    private static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }

    /// The protected page: the environment mod_auth_openidc gives the application, claims only (not the
    /// tokens), sorted.
    private static let claimsScript = """
        #!/bin/sh
        printf 'Content-Type: text/plain; charset=utf-8\\r\\nCache-Control: no-store\\r\\n\\r\\n'
        env | grep -E '^(REMOTE_USER|\(ApacheOpenIDCTestServer.claimPrefix)[A-Za-z0-9_]*)=' | sort

        """

    private static let loggedOutPage = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Signed out</title></head>
        <body><h1>Signed out of the test app</h1></body></html>

        """
}
