import Foundation
import VestibuleCore
import VestibuleLogging

/// One operator setting: its names in each source, its documentation, and how it parses.
/// This table is the single source for `--help`, the README's settings table and the loader.
struct Setting: Sendable {
    /// The key in the config file; the flag is `--<kebab-case>`, the variable `VESTIBULE_<SNAKE_CASE>`.
    let key: String
    let placeholder: String
    let summary: String
    /// Parses the text and stores the value; throws ``ConfigurationError`` saying what a valid value is.
    let apply: @Sendable (inout Configuration, String) throws -> Void

    var flag: String { "--" + words.joined(separator: "-") }
    /// A yes-or-no setting, whose flag alone means `true`.
    var isSwitch: Bool { placeholder == "BOOL" }
    var environmentVariable: String { "VESTIBULE_" + words.joined(separator: "_").uppercased() }

    /// `behindTLSProxy` → `["behind", "tls", "proxy"]`: a word starts at an upper-case letter that follows
    /// a lower-case one, or that begins a capitalized word after an acronym.
    private var words: [String] {
        let characters = Array(key)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord = character.isUppercase
                && (previous?.isLowercase == true || (previous?.isUppercase == true && next?.isLowercase == true))
            if startsWord, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character.lowercased())
        }
        words.append(current)
        return words
    }
}

extension Setting {
    static let all: [Setting] = [
        Setting(key: "development", placeholder: "BOOL", summary: "Development mode, for this machine only (make run turns it on): emails are kept in the data folder and shown to anyone at /dev/outbox, and Sign in with Apple may use the Apple ID emulator (apple-issuer). Refused with an https public-url, behind-tls-proxy or a host other than loopback (default false: production, which needs smtp-url).") {
            $0.development = try boolean($1, named: "development")
        },
        Setting(key: "host", placeholder: "ADDRESS", summary: "Address to listen on (default 127.0.0.1; 0.0.0.0 for every interface).") {
            guard !$1.isEmpty, !$1.contains(" ") else { throw ConfigurationError("host must be an IP address or name, like 127.0.0.1.") }
            $0.host = $1
        },
        Setting(key: "port", placeholder: "PORT", summary: "TCP port to listen on (default 8080; 0 picks a free one).") {
            $0.port = try integer($1, named: "port", in: 0...65535)
        },
        Setting(key: "metricsPort", placeholder: "PORT", summary: "TCP port of a second listener that serves only GET /metrics, Prometheus' text format (default: none, metrics off; 0 picks a free one); never the public port. See docs/operations.md.") {
            $0.metricsPort = try integer($1, named: "metrics-port", in: 0...65535)
        },
        Setting(key: "metricsHost", placeholder: "ADDRESS", summary: "Address of the metrics listener (default 127.0.0.1, whatever host is; another address only when named here, and never in development mode).") {
            guard !$1.isEmpty, !$1.contains(" ") else { throw ConfigurationError("metrics-host must be an IP address or name, like 127.0.0.1.") }
            $0.metricsHost = $1
        },
        Setting(key: "dataDir", placeholder: "DIR", summary: "Folder for the database and the secret-keys file (default ./.vestibule).") {
            guard !$1.isEmpty else { throw ConfigurationError("data-dir must not be empty.") }
            $0.dataDirectory = $1
        },
        Setting(key: "database", placeholder: "URL", summary: "postgres://user:password@host/db to share one PostgreSQL database between instances (default: SQLite in the data folder).") {
            guard let url = URL(string: $1), ["postgres", "postgresql"].contains(url.scheme ?? ""), url.host() != nil else {
                throw ConfigurationError("database must be a PostgreSQL URL like postgres://vestibule:secret@db.example.com/vestibule.")
            }
            $0.databaseURL = $1
        },
        Setting(key: "publicURL", placeholder: "URL", summary: "Address people use, e.g. https://id.example.com (default http://localhost:PORT).") {
            guard let url = URL(string: $1), let scheme = url.scheme, ["http", "https"].contains(scheme),
                  url.host() != nil, url.path().isEmpty || url.path() == "/", url.query() == nil
            else { throw ConfigurationError("public-url must be an http or https origin without a path, like https://id.example.com.") }
            $0.publicURL = url
        },
        Setting(key: "behindTLSProxy", placeholder: "BOOL", summary: "true when a proxy in front terminates HTTPS: Secure cookies and HSTS (default false).") {
            $0.behindTLSProxy = try boolean($1, named: "behind-tls-proxy")
        },
        Setting(key: "trustProxyHeaders", placeholder: "BOOL", summary: "true when every request comes through a proxy that appends X-Forwarded-For: rate limits and the log use that address (default false).") {
            $0.trustProxyHeaders = try boolean($1, named: "trust-proxy-headers")
        },
        Setting(key: "logLevel", placeholder: "LEVEL", summary: "debug, info, notice, warning or error (default info).") {
            guard let level = Logger.Level(name: $1) else {
                throw ConfigurationError("log-level must be one of debug, info, notice, warning, error; got \"\($1)\".")
            }
            $0.logLevel = level
        },
        Setting(key: "workerThreads", placeholder: "N", summary: "Threads answering requests (default 4 × cores, 4…64).") {
            $0.workerThreads = try integer($1, named: "worker-threads", in: 1...1024)
        },
        Setting(key: "maxConnections", placeholder: "N", summary: "Open connections accepted at once (default 1024).") {
            $0.maxConnections = try integer($1, named: "max-connections", in: 1...100_000)
        },
        Setting(key: "maxConnectionsPerAddress", placeholder: "N", summary: "Open connections one client address may hold; more are closed at once (default 64, or 0, no limit, behind a proxy: with behind-tls-proxy, trust-proxy-headers or an https public-url every connection is the proxy's, so limit per client there).") {
            $0.maxConnectionsPerAddress = try integer($1, named: "max-connections-per-address", in: 0...100_000)
        },
        Setting(key: "maxBodyBytes", placeholder: "BYTES", summary: "Largest request body; larger gets 413 (default 1048576).") {
            $0.maxBodyBytes = try integer($1, named: "max-body-bytes", in: 1024...(1 << 30))
        },
        Setting(key: "maxHeaderBytes", placeholder: "BYTES", summary: "Largest request head (request line + headers) (default 16384).") {
            $0.maxHeaderBytes = try integer($1, named: "max-header-bytes", in: 4096...(1 << 20))
        },
        Setting(key: "connectionTimeout", placeholder: "SECONDS", summary: "Idle seconds allowed while a request body arrives and its answer is made and sent (default 30).") {
            $0.connectionTimeout = try integer($1, named: "connection-timeout", in: 1...3600)
        },
        Setting(key: "requestHeadTimeout", placeholder: "SECONDS", summary: "Idle seconds a connection may take to send a request head, and may wait between keep-alive requests (default 10).") {
            $0.requestHeadTimeout = try integer($1, named: "request-head-timeout", in: 1...3600)
        },
        Setting(key: "sessionIdleTimeout", placeholder: "SECONDS", summary: "A session unused this long ends (default 604800, 7 days).") {
            $0.sessionIdleTimeout = try integer($1, named: "session-idle-timeout", in: 60...(366 * 24 * 3600))
        },
        Setting(key: "sessionAbsoluteTimeout", placeholder: "SECONDS", summary: "A session ends this long after sign-in (default 2592000, 30 days).") {
            $0.sessionAbsoluteTimeout = try integer($1, named: "session-absolute-timeout", in: 60...(366 * 24 * 3600))
        },
        Setting(key: "auditRetentionDays", placeholder: "DAYS", summary: "Days the audit trail keeps an event: sign-ins, changes to how an account signs in, consents (default 90). Shown to each person as their recent activity; `vestibule events` prints it.") {
            $0.auditRetentionDays = try integer($1, named: "audit-retention-days", in: 1...3660)
        },
        Setting(key: "auditAddresses", placeholder: "MODE", summary: "How much of a client's address the audit trail keeps: network (an IPv4 /24 or IPv6 /48, the default), full, or none.") {
            guard let policy = AuditAddressPolicy(rawValue: $1.lowercased()) else {
                throw ConfigurationError("audit-addresses must be network, full or none; got \"\($1)\".")
            }
            $0.auditAddresses = policy
        },
        Setting(key: "consolePath", placeholder: "PATH", summary: "Where the operator console lives (default /operator): one path segment of lowercase letters, digits and hyphens, which no page of Vestibule's uses.") {
            guard $1.wholeMatch(of: /\/[a-z0-9][a-z0-9-]{0,62}/) != nil else {
                throw ConfigurationError("console-path must be one path segment of lowercase letters, digits and hyphens, such as /operator; got \"\($1)\".")
            }
            $0.consolePath = $1
        },
        Setting(key: "smtpURL", placeholder: "URL", summary: "SMTP server for outgoing mail, e.g. smtp://mail.example.com:587; required outside development mode (in development mode, without it, mail goes to the outbox folder, shown at /dev/outbox).") {
            guard let url = URL(string: $1), ["smtp", "smtps"].contains(url.scheme ?? ""), url.host() != nil else {
                throw ConfigurationError("smtp-url must look like smtp://mail.example.com:587 or smtps://mail.example.com:465.")
            }
            $0.smtpURL = $1
        },
        Setting(key: "smtpSecurity", placeholder: "MODE", summary: "starttls (required, the default), tls (smtps://) or none (a relay on this host only).") {
            guard let security = Configuration.SMTPSecurity(rawValue: $1.lowercased()) else {
                throw ConfigurationError("smtp-security must be starttls, tls or none; got \"\($1)\".")
            }
            $0.smtpSecurity = security
        },
        Setting(key: "smtpUsername", placeholder: "NAME", summary: "SMTP user name; the password comes from VESTIBULE_SMTP_PASSWORD.") {
            $0.smtpUsername = $1.isEmpty ? nil : $1
        },
        Setting(key: "mailFrom", placeholder: "ADDRESS", summary: "Sender of Vestibule's emails (default \"Vestibule <no-reply@localhost>\").") {
            guard $1.contains("@"), !$1.contains("\r"), !$1.contains("\n") else {
                throw ConfigurationError("mail-from must be an address like \"Example <no-reply@example.com>\".")
            }
            $0.mailFrom = $1
        },
        Setting(key: "appleAppIds", placeholder: "IDS", summary: "Comma-separated TEAMID.bundle.id of apps sharing passwords and passkeys (apple-app-site-association).") {
            let ids = $1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard ids.allSatisfy({ $0.range(of: #"^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$"#, options: .regularExpression) != nil }) else {
                throw ConfigurationError("apple-app-ids must be TEAMID.bundle.id values like ABCDE12345.com.example.app.")
            }
            $0.appleAppIDs = ids
        },
        Setting(key: "appleAppLinks", placeholder: "BOOL", summary: "true to let those apps open this site's links too (applinks) (default false).") {
            $0.appleAppLinks = try boolean($1, named: "apple-app-links")
        },
        Setting(key: "appleTeamId", placeholder: "ID", summary: "Sign in with Apple: your 10-character Team ID (with apple-key-id, apple-private-key-file and apple-services-id; without them Sign in with Apple is off; make run sets them for the Apple ID emulator).") {
            $0.appleTeamID = try appleIdentifier($1, named: "apple-team-id")
        },
        Setting(key: "appleKeyId", placeholder: "ID", summary: "Sign in with Apple: the 10-character Key ID of your Sign in with Apple key.") {
            $0.appleKeyID = try appleIdentifier($1, named: "apple-key-id")
        },
        Setting(key: "applePrivateKeyFile", placeholder: "PATH", summary: "Sign in with Apple: the .p8 key file (or put its text in VESTIBULE_APPLE_PRIVATE_KEY).") {
            $0.applePrivateKeyFile = $1
        },
        Setting(key: "appleServicesId", placeholder: "ID", summary: "Sign in with Apple: the Services ID of the web flow, e.g. com.example.web.") {
            $0.appleServicesID = $1
        },
        Setting(key: "appleBundleIds", placeholder: "IDS", summary: "Sign in with Apple: comma-separated bundle IDs of apps that use the native API.") {
            $0.appleBundleIDs = $1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        },
        Setting(key: "appleRedirectUri", placeholder: "URL", summary: "Sign in with Apple: the redirect URI registered on the Services ID (default PUBLIC-URL/apple/callback).") {
            guard $1.hasPrefix("https://") || $1.hasPrefix("http://") else {
                throw ConfigurationError("apple-redirect-uri must be an absolute URL; got \"\($1)\".")
            }
            $0.appleRedirectURI = $1
        },
        Setting(key: "appleButtonTitle", placeholder: "TITLE", summary: "Apple's button says sign-in (\"Sign in with Apple\", the default) or continue (\"Continue with Apple\"), on every page.") {
            guard ["sign-in", "continue"].contains($1) else {
                throw ConfigurationError("apple-button-title must be sign-in or continue (Apple's button images offer no other); got \"\($1)\".")
            }
            $0.appleButtonTitle = $1
        },
        Setting(key: "appleButtonStyle", placeholder: "STYLE", summary: "Apple's button on light pages: black (the default) or white-outline; dark pages always get white.") {
            guard ["black", "white-outline"].contains($1) else {
                throw ConfigurationError("apple-button-style must be black or white-outline; got \"\($1)\".")
            }
            $0.appleButtonStyle = $1
        },
        Setting(key: "appleButtonCornerRadius", placeholder: "POINTS", summary: "Corner radius of Apple's button, 0 (square) to 22 (a pill at 44 points high); match your other buttons (default 15% of the height).") {
            guard let radius = Double($1), (0...22).contains(radius) else {
                throw ConfigurationError("apple-button-corner-radius must be a number from 0 to 22; got \"\($1)\".")
            }
            $0.appleButtonCornerRadius = radius
        },
        Setting(key: "appleButtonArtwork", placeholder: "FILE", summary: "Apple's logo artwork (SVG, from Apple Design Resources) for the button on light pages; with apple-button-artwork-dark, pages draw a custom button around it instead of Apple's image.") {
            $0.appleButtonArtwork = $1
        },
        Setting(key: "appleButtonArtworkDark", placeholder: "FILE", summary: "Apple's logo artwork (SVG) for the white button of dark pages.") {
            $0.appleButtonArtworkDark = $1
        },
        Setting(key: "appleIssuer", placeholder: "URL", summary: "Development only: the Apple ID emulator's origin (vestibule-apple-emulator prints it), trusted and called instead of Apple's servers (default https://appleid.apple.com).") {
            guard let url = URL(string: $1), ["http", "https"].contains(url.scheme ?? ""), url.host() != nil, url.path.isEmpty else {
                throw ConfigurationError("apple-issuer must be an origin like http://127.0.0.1:8081; got \"\($1)\".")
            }
            $0.appleIssuer = $1
        },
        Setting(key: "passkeyRpId", placeholder: "DOMAIN", summary: "Passkey relying party ID: the public URL's host or a domain it belongs to, e.g. example.com (default: the public URL's host).") {
            let domain = $1.lowercased()
            guard domain.range(of: #"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$"#, options: .regularExpression) != nil else {
                throw ConfigurationError("passkey-rp-id must be a domain name like example.com; got \"\($1)\".")
            }
            $0.passkeyRPID = domain
        },
        Setting(key: "passkeyOrigins", placeholder: "ORIGINS", summary: "Comma-separated extra origins accepted in passkey answers, e.g. android:apk-key-hash:… for an Android app (default: none; the public URL's origin is always accepted).") {
            let origins = $1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard origins.allSatisfy({ $0.hasPrefix("https://") || $0.hasPrefix("android:apk-key-hash:") || $0.hasPrefix("ios:") }) else {
                throw ConfigurationError("passkey-origins must be https:// origins or android:apk-key-hash:… values.")
            }
            $0.passkeyExtraOrigins = origins
        },
        Setting(key: "passkeyUserVerification", placeholder: "MODE", summary: "preferred (the default: the device decides, Apple devices always verify) or required (refuse passkey answers without biometry or screen lock).") {
            switch $1 {
            case "preferred": $0.passkeyRequiresUserVerification = false
            case "required": $0.passkeyRequiresUserVerification = true
            default: throw ConfigurationError("passkey-user-verification must be preferred or required; got \"\($1)\".")
            }
        },
        Setting(key: "passwordHashMemoryKib", placeholder: "KIB", summary: "Argon2id memory per password hash in KiB (default 19456, OWASP).") {
            $0.passwordHashMemoryKiB = try integer($1, named: "password-hash-memory-kib", in: 8192...1_048_576)
        },
        Setting(key: "passwordHashIterations", placeholder: "N", summary: "Argon2id passes (default 2, OWASP).") {
            $0.passwordHashIterations = try integer($1, named: "password-hash-iterations", in: 1...16)
        },
        Setting(key: "signInAttemptsPerMinute", placeholder: "N", summary: "Password sign-ins allowed per client address per minute (default 30).") {
            $0.signInAttemptsPerMinute = try integer($1, named: "sign-in-attempts-per-minute", in: 1...1_000_000)
        },
        Setting(key: "signInAttemptsPerAccount", placeholder: "N", summary: "Password sign-ins allowed per account per 15 minutes, from anywhere (default 10).") {
            $0.signInAttemptsPerAccount = try integer($1, named: "sign-in-attempts-per-account", in: 1...1_000_000)
        },
        Setting(key: "dataPolicy", placeholder: "FILE", summary: "A JSON file declaring extra data to ask people for, each field required (with its reason) or optional (with its benefit); see docs/api.md (default: none).") {
            guard !$1.isEmpty else { throw ConfigurationError("data-policy must be the path of a JSON file.") }
            $0.dataPolicyFile = $1
        },
        Setting(key: "apps", placeholder: "FILE", summary: "A JSON file registering the apps that use Vestibule: each app's id, name, the SHA-256 of the key its server sends in X-Vestibule-App-Key, its exact return addresses, its guest merge rule and its access-token audiences; see docs/api.md, \"Apps\" (default: none).") {
            guard !$1.isEmpty else { throw ConfigurationError("apps must be the path of a JSON file.") }
            $0.appsFile = $1
        },
        Setting(key: "documentMaxBytes", placeholder: "BYTES", summary: "Largest JSON document an app may store for a guest or an account (default 65536).") {
            $0.documentMaxBytes = try integer($1, named: "document-max-bytes", in: 1...(1 << 30))
        },
        Setting(key: "documentsPerOwner", placeholder: "N", summary: "Documents one guest or account may hold (default 100).") {
            $0.documentsPerOwner = try integer($1, named: "documents-per-owner", in: 1...1_000_000)
        },
        Setting(key: "documentStorageBytes", placeholder: "BYTES", summary: "Total size of all the documents apps may store, for every guest and account together; a write beyond it is refused with 507 storageFull (default 1073741824, 1 GiB).") {
            $0.documentStorageBytes = try integer($1, named: "document-storage-bytes", in: 1...(1 << 50))
        },
    ]

    private static func integer(_ text: String, named name: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw ConfigurationError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound); got \"\(text)\".")
        }
        return value
    }


    private static func appleIdentifier(_ text: String, named name: String) throws(ConfigurationError) -> String {
        guard text.range(of: #"^[A-Z0-9]{10}$"#, options: .regularExpression) != nil else {
            throw ConfigurationError("\(name) must be the 10-character ID from your Apple Developer account; got \"\(text)\".")
        }
        return text
    }

    /// `scheme://host[:port]` with an http or https scheme and nothing after it.
    private static func boolean(_ text: String, named name: String) throws(ConfigurationError) -> Bool {
        switch text.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw ConfigurationError("\(name) must be true or false; got \"\(text)\".")
        }
    }
}
