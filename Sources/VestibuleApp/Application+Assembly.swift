import Foundation
import VestibuleAppleButton
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP
import VestibuleHTTPServer
import VestibuleLogging
import VestibuleMail
import VestibuleMetrics
import VestibulePasskeys
import VestibuleSite

/// How each part is built from the configuration: kept apart from ``Application/build`` so that reads as
/// the list of parts.
extension Application {
    /// With port 0 and no public URL, binds the port now and puts it in `configuration`: the public URL then
    /// defaults to `http://localhost:PORT` for the port the kernel picked, and the pages, passkeys and Sign in
    /// with Apple's redirect are built on that origin, so the port must be known before they are. Otherwise nil,
    /// and ``start()`` binds. Nothing listens before ``start()`` either way: connections are refused until then.
    static func bindForDefaultOrigin(_ configuration: inout Configuration) throws(StartupError) -> ListeningSocket? {
        guard configuration.port == 0, configuration.publicURL == nil else { return nil }
        do {
            let socket = try ListeningSocket(host: configuration.host, port: 0)
            configuration.port = socket.port
            return socket
        } catch {
            throw StartupError("Cannot listen on \(configuration.host):0: \(error)")
        }
    }

    static func makeServerConfiguration(_ configuration: Configuration) -> HTTPServer.Configuration {
        var server = HTTPServer.Configuration()
        server.host = configuration.host
        server.port = configuration.port
        server.threadPoolSize = configuration.workerThreads
        server.maxConnections = configuration.maxConnections
        server.maxConnectionsPerAddress = configuration.effectiveMaxConnectionsPerAddress
        server.connectionTimeout = configuration.connectionTimeout
        server.requestHeadTimeout = configuration.requestHeadTimeout
        server.maxHeaderBytes = configuration.maxHeaderBytes
        server.maxBodyBytes = configuration.maxBodyBytes
        server.behindTLSProxy = configuration.isSecure
        server.trustForwardedFor = configuration.trustProxyHeaders
        return server
    }

    /// Refuses a console path that one of Vestibule's own routes (`patterns`, the console's not among them) uses
    /// or lies under: the console would hide the page, or the page the console.
    static func checkConsolePath(_ path: String, against patterns: [String]) throws(StartupError) {
        guard let taken = patterns.first(where: { $0 == path || $0.hasPrefix(path + "/") }) else { return }
        throw StartupError("console-path \(path) is taken by Vestibule's own \(taken); choose another, such as /operator.")
    }

    static func makeWebConfiguration(_ configuration: Configuration) throws(StartupError) -> WebConfiguration {
        var limits = RateLimits()
        limits.signInPerAddress = RateLimit(attempts: configuration.signInAttemptsPerMinute, window: .seconds(60))
        limits.signInPerAccount = RateLimit(attempts: configuration.signInAttemptsPerAccount, window: .seconds(900))
        return WebConfiguration(
            origin: configuration.origin,
            secure: configuration.isSecure,
            signInBenefits: configuration.signInBenefits,
            sessionCookieMaxAge: configuration.sessionAbsoluteTimeout,
            appleAppIDs: configuration.appleAppIDs,
            appleAppLinks: configuration.appleAppLinks,
            rateLimits: limits,
            appleButton: try makeAppleButtonChoice(configuration),
            dataPolicy: configuration.dataPolicy,
            apps: configuration.apps,
            documentLimits: DocumentLimits(
                maximumBytes: configuration.documentMaxBytes, perOwner: configuration.documentsPerOwner,
                storageBytes: configuration.documentStorageBytes
            ),
            auditAddresses: configuration.auditAddresses,
            consolePath: configuration.consolePath
        )
    }

    /// The width of the Sign in with Apple button, in points: room for the longest title Vestibule shows
    /// (Arabic's, about 302 points at 44 high with Apple's logo) and within Apple's image service (375).
    static let appleButtonWidth = 320.0

    /// The Sign in with Apple button when Vestibule talks to Apple's servers: drawn around the operator's
    /// Apple artwork when given, otherwise Apple's own (SIWA-16); the emulator gets a text button.
    static func makeAppleButtonChoice(_ configuration: Configuration) throws(StartupError) -> AppleButtonChoice? {
        guard configuration.usesApple, !configuration.usesAppleEmulator else { return nil }
        do {
            let face: AppleButtonChoice.Face
            switch (configuration.appleButtonArtwork, configuration.appleButtonArtworkDark) {
            case (let light?, let dark?):
                face = .custom(
                    onLight: try AppleButtonArtwork(contentsOf: URL(filePath: light)),
                    onDark: try AppleButtonArtwork(contentsOf: URL(filePath: dark))
                )
            case (nil, nil):
                face = .official
            default:
                throw StartupError("Apple's button: set both apple-button-artwork and apple-button-artwork-dark, or neither.")
            }
            let title = AppleButtonTitle(rawValue: configuration.appleButtonTitle) ?? .signIn
            let size = try AppleButtonSize(
                width: Self.appleButtonWidth, height: AppleButtonSize.recommendedHeight,
                cornerRadius: configuration.appleButtonCornerRadius
            )
            return AppleButtonChoice(
                title: title,
                appearance: AppleButtonAppearance(
                    onLight: AppleButtonAppearance.OnLight(rawValue: configuration.appleButtonStyle) ?? .black
                ),
                size: size,
                face: face
            )
        } catch let error as StartupError {
            throw error
        } catch {
            throw StartupError("Apple's button: \(error)")
        }
    }

    /// Rate-limit counts in this process with SQLite, where there is one instance and a database write per
    /// attempt would buy nothing; in the shared database with PostgreSQL, so that instances behind a load
    /// balancer enforce one limit together instead of one limit each.
    static func makeAttemptCounter(_ configuration: Configuration, store: any Store) -> any AttemptCounter {
        configuration.databaseURL == nil ? MemoryAttemptCounter() : store
    }

    /// Passkeys for this site's origin (plus any configured app origins), under the configured RP ID.
    static func makePasskeyPolicy(_ configuration: Configuration) -> PasskeyPolicy {
        PasskeyPolicy(
            relyingParty: RelyingParty(
                rpID: configuration.effectivePasskeyRPID,
                origins: Set([configuration.origin] + configuration.passkeyExtraOrigins),
                requireUserVerification: configuration.passkeyRequiresUserVerification
            ),
            relyingPartyName: configuration.effectivePasskeyRPID
        )
    }

    static func makePasswordHasher(_ configuration: Configuration, metrics: MetricsRegistry) -> PasswordHasher {
        PasswordHasher(
            parameters: PasswordHasher.Parameters(
                memoryKiB: configuration.passwordHashMemoryKiB,
                iterations: configuration.passwordHashIterations
            ),
            metrics: metrics
        )
    }

    /// The development page that shows the outbox, named in the log.
    static func outboxURL(_ configuration: Configuration) -> String {
        configuration.origin + SitePath.outbox
    }

    /// SMTP when configured; otherwise (development mode: ``DeploymentMode`` refuses production without SMTP)
    /// the outbox folder in the data directory, shown at `/dev/outbox`.
    static func makeMail(configuration: Configuration, logger: Logger, metrics: MetricsRegistry) throws(StartupError)
        -> (queue: MailQueue, outbox: OutboxMailer?)
    {
        guard let url = configuration.smtpURL else {
            let directory = (configuration.dataDirectory as NSString).appendingPathComponent("outbox")
            do {
                let outbox = try OutboxMailer(directory: directory, from: configuration.mailFrom)
                let note = "Development mode: the email was not sent; it is in \(outboxURL(configuration))"
                return (MailQueue(mailer: outbox, logger: logger, deliveryNote: note, metrics: metrics), outbox)
            } catch {
                throw StartupError("Cannot create the mail outbox \(directory): \(error)")
            }
        }
        let smtp = SMTPConfiguration(
            url: url,
            security: configuration.smtpSecurity.mailSecurity,
            username: configuration.smtpUsername,
            password: configuration.smtpPassword,
            from: configuration.mailFrom
        )
        let mailer = SMTPMailer(configuration: smtp, logger: logger)
        return (MailQueue(mailer: mailer, logger: logger, metrics: metrics), nil)
    }
}

extension Configuration.SMTPSecurity {
    var mailSecurity: SMTPConfiguration.Security {
        switch self {
        case .startTLS: .startTLS
        case .implicitTLS: .implicitTLS
        case .none: .none
        }
    }
}
