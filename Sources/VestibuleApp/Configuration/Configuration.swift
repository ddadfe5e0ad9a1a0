public import Foundation
import VestibuleApple
public import VestibuleCore
public import VestibuleLogging

/// Everything an operator can set. Each setting can come from a flag, an environment variable
/// (`VESTIBULE_…`) or the JSON config file; ``Setting/all`` lists them with their documentation, and
/// ``ConfigurationLoader`` applies them in order: defaults, then the file, then the environment, then flags.
public struct Configuration: Sendable, Equatable {
    public var host = "127.0.0.1"
    /// Development mode: mail goes to the outbox folder, readable by anyone at `/dev/outbox`, and Sign in with
    /// Apple may trust an issuer other than Apple (``appleIssuer``, the Apple ID emulator). Only for this machine: ``Application/build`` refuses it with an
    /// https public URL, behind a TLS proxy, or on a host other machines can reach. `make run` turns it on.
    public var development = false
    public var port = 8080
    /// Where `GET /metrics` (Prometheus' text format) is served, apart from the public listener: off (`nil`)
    /// unless a port is set, so nothing is exposed by default.
    public var metricsPort: Int?
    /// The metrics listener's address; `nil` for 127.0.0.1. It never follows ``host``: an operator who serves
    /// everyone on 0.0.0.0 does not thereby publish the metrics, which only an explicit address does.
    public var metricsHost: String?
    public var dataDirectory = ".vestibule"
    /// A `postgres://` URL for several instances sharing one database; `nil` for SQLite in ``dataDirectory``.
    public var databaseURL: String?
    /// The address browsers use, e.g. `https://id.example.com`. Defaults to `http://localhost:<port>` (with port 0,
    /// the port ``Application/build(configuration:environment:logger:clock:)`` binds).
    public var publicURL: URL?
    /// Set when a proxy in front of Vestibule terminates TLS: cookies become `Secure`, HSTS is sent.
    public var behindTLSProxy = false
    /// Take the client address (rate limits, access log) from the proxy's `X-Forwarded-For` entry.
    public var trustProxyHeaders = false
    public var logLevel = Logger.Level.info
    /// Threads that answer requests. Requests may block (database, password hashing), so more than cores.
    public var workerThreads = min(64, max(4, ProcessInfo.processInfo.activeProcessorCount * 4))
    public var maxConnections = 1024
    /// Connections one client address may hold open at once (0: no limit); nil for the default, see
    /// ``effectiveMaxConnectionsPerAddress``.
    public var maxConnectionsPerAddress: Int?
    public var maxBodyBytes = 1 << 20
    public var maxHeaderBytes = 16 * 1024
    /// Seconds a connection may stay silent while a request body arrives and its answer is made and sent.
    public var connectionTimeout = 30
    /// Seconds a connection may stay silent while the server waits for a request head, including between the
    /// requests of a keep-alive connection.
    public var requestHeadTimeout = 10
    public var sessionIdleTimeout = 7 * 24 * 3600
    public var sessionAbsoluteTimeout = 30 * 24 * 3600
    /// Days an audit event is kept.
    public var auditRetentionDays = 90
    /// How much of a client's address audit events keep.
    public var auditAddresses = AuditAddressPolicy.network
    /// Where the operator console lives: one path segment.
    public var consolePath = "/operator"
    /// The operator's text for "why sign in", by language tag (config file only).
    public var signInBenefits: [String: String] = [:]
    /// Where mail goes: an `smtp://` or `smtps://` URL; `nil` only in ``development`` mode (the outbox folder).
    public var smtpURL: String?
    public var smtpSecurity = SMTPSecurity.startTLS
    public var smtpUsername: String?
    /// Read from `VESTIBULE_SMTP_PASSWORD` only, never a flag or the config file.
    public var smtpPassword: String?
    public var mailFrom = "Vestibule <no-reply@localhost>"
    /// Apps (`TEAMID.bundle.id`) that share passwords and passkeys with this site.
    public var appleAppIDs: [String] = []
    public var appleAppLinks = false
    /// The passkey relying party ID (a registrable domain such as `example.com`, so passkeys also work on its
    /// subdomains); `nil` for the public URL's host.
    public var passkeyRPID: String?
    /// Origins accepted in passkey answers besides this site's own: Android apps (`android:apk-key-hash:…`)
    /// or sibling sites. iOS apps use the site's own origin through their associated domain.
    public var passkeyExtraOrigins: [String] = []
    /// Require user verification (biometry or the device's screen lock) in every passkey ceremony.
    public var passkeyRequiresUserVerification = false
    /// Sign in with Apple: the Team ID, the Key ID and the `.p8` key of a Sign in with Apple key, and the
    /// Services ID, all four or none. With none, Sign in with Apple is off.
    public var appleTeamID: String?
    public var appleKeyID: String?
    public var applePrivateKeyFile: String?
    /// The `.p8` key's PEM text, from `VESTIBULE_APPLE_PRIVATE_KEY` only (never a flag or the config file).
    public var applePrivateKey: String?
    public var appleServicesID: String?
    /// Bundle IDs of apps that sign in with Apple through the native API.
    public var appleBundleIDs: [String] = []
    /// Where Apple posts the web flow's answer; defaults to `<public URL>/apple/callback`.
    public var appleRedirectURI: String?
    /// Apple's button on the pages (with Apple's servers): its title, its style on light pages (dark pages
    /// always get white) and its corner radius in points; 320 × 44 points.
    public var appleButtonTitle = "sign-in"
    public var appleButtonStyle = "black"
    public var appleButtonCornerRadius: Double?
    /// The operator's copies of Apple's logo artwork (SVG): for the light pages' style and for the white
    /// button of dark pages. Both set: a custom button drawn around them; neither: Apple's own button.
    public var appleButtonArtwork: String?
    public var appleButtonArtworkDark: String?
    /// Whose tokens Sign in with Apple trusts and whose endpoints it calls: Apple's (`nil`), or in
    /// ``development`` mode the Apple ID emulator's origin (`vestibule-apple-emulator`).
    public var appleIssuer: String?
    /// Argon2id cost; the defaults are OWASP's (m = 19 MiB, t = 2, p = 1).
    public var passwordHashMemoryKiB = 19_456
    public var passwordHashIterations = 2
    /// Password sign-in attempts per client address per minute.
    public var signInAttemptsPerMinute = 30
    /// Password sign-in attempts per account per 15 minutes, from anywhere: slows guessing one password.
    public var signInAttemptsPerAccount = 10
    /// The largest JSON document an app may store for a guest or an account, in bytes.
    public var documentMaxBytes = 65_536
    /// How many documents one guest or account may hold.
    public var documentsPerOwner = 100
    /// The total size of every document apps keep, in bytes: writes beyond it are refused (1 GiB).
    public var documentStorageBytes = 1 << 30
    /// The file that registers the apps using Vestibule (`apps`); read by the loader into ``apps``.
    public var appsFile: String?
    /// The apps using Vestibule: their keys, return addresses, merge rules and audiences (`docs/api.md`, "Apps").
    public var apps = AppRegistry()

    /// The file that declares the extra data people are asked for (`data-policy`); read by the loader into
    /// ``dataPolicy``.
    public var dataPolicyFile: String?
    /// The extra fields people are asked for, required or optional (SIWA-9, SIWA-10, SIWA-13); none by default.
    public var dataPolicy = DataPolicy.empty

    public enum SMTPSecurity: String, Sendable, CaseIterable {
        /// Plain connection upgraded with STARTTLS, which is required: never falls back to clear text.
        case startTLS = "starttls"
        /// TLS from the first byte (`smtps://`, port 465).
        case implicitTLS = "tls"
        /// No encryption: only for a relay on the same host.
        case none
    }

    public init() {}

    /// The origin browsers see, used for the same-origin check and links.
    public var origin: String {
        guard let publicURL, let scheme = publicURL.scheme, let host = publicURL.host() else {
            return "http://localhost:\(port)"
        }
        let port = publicURL.port.map { ":\($0)" } ?? ""
        return "\(scheme)://\(host)\(port)"
    }

    /// The passkey relying party ID in effect: the configured one, or the public URL's host.
    public var effectivePasskeyRPID: String {
        passkeyRPID ?? publicURL?.host() ?? "localhost"
    }

    /// Whether Sign in with Apple is set up: with Apple's servers, or with the emulator in development.
    public var usesApple: Bool { appleTeamID != nil }

    /// Whether Sign in with Apple trusts an issuer other than Apple: the emulator, for development only.
    public var usesAppleEmulator: Bool { appleIssuer.map { $0 != AppleEndpoints.apple.issuer } ?? false }

    /// Whether browsers reach Vestibule over HTTPS.
    public var isSecure: Bool { behindTLSProxy || publicURL?.scheme == "https" }

    /// The limit per client address in effect: the configured one, else 64 (a household or an office behind one
    /// address, each browser opening up to six connections), or no limit behind a proxy, where every connection
    /// comes from the proxy and the proxy is the place to limit connections per client.
    public var effectiveMaxConnectionsPerAddress: Int {
        maxConnectionsPerAddress ?? (isSecure || trustProxyHeaders ? 0 : 64)
    }

    /// Whether ``host`` is reachable from this machine only: a loopback address or `localhost`.
    public var listensOnLoopbackOnly: Bool { Self.isLoopback(host) }

    /// The metrics listener's address in effect.
    public var effectiveMetricsHost: String { metricsHost ?? "127.0.0.1" }

    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    public var databasePath: String { (dataDirectory as NSString).appendingPathComponent("vestibule.sqlite3") }

    /// The database for messages: the SQLite path, or the PostgreSQL host and database without credentials.
    public var databaseDescription: String {
        databaseURL.map(Self.description(ofDatabaseURL:)) ?? databasePath
    }

    /// A PostgreSQL URL as messages may show it: host, port and database, never the user or password.
    static func description(ofDatabaseURL databaseURL: String) -> String {
        guard let url = URL(string: databaseURL) else { return "PostgreSQL" }
        return "PostgreSQL at \(url.host() ?? "localhost")\(url.port.map { ":\($0)" } ?? "")\(url.path())"
    }
}
