public import Foundation
import VestibuleApple
import VestibuleConsole
import VestibuleCore
import VestibuleCrypto
public import VestibuleHTTP
import VestibuleHTTPServer
public import VestibuleLogging
import VestibuleHTTPClient
import VestibuleMail
import VestibuleMetrics
import VestibuleOpenID
import VestibulePasskeys
import VestibulePostgres
import VestibulePages
import VestibuleSQLite
import VestibuleSite
import VestibuleWebAPI

/// A configured Vestibule: its store, its routes and its HTTP server. `vestibule serve` and the tests build
/// it through the same ``Application/build(configuration:environment:logger:clock:)``.
public final class Application: Sendable {
    public let configuration: Configuration
    /// The whole request pipeline, callable in-process (tests) or through ``start()`` over HTTP.
    public let handler: Handler
    private let store: any Store
    private let server: HTTPServer
    /// Serves `GET /metrics` on its own port; nil unless `metrics-port` is set.
    private let metricsServer: HTTPServer?
    private let draining: Draining
    private let janitor: Janitor
    private let logouts: BackchannelLogoutDelivery
    private let mail: MailQueue
    private let logger: Logger

    private init(
        configuration: Configuration,
        handler: @escaping Handler,
        store: any Store,
        server: HTTPServer,
        metricsServer: HTTPServer?,
        draining: Draining,
        janitor: Janitor,
        logouts: BackchannelLogoutDelivery,
        mail: MailQueue,
        logger: Logger
    ) {
        self.configuration = configuration
        self.handler = handler
        self.store = store
        self.server = server
        self.metricsServer = metricsServer
        self.draining = draining
        self.janitor = janitor
        self.logouts = logouts
        self.mail = mail
        self.logger = logger
    }

    /// Opens (and migrates) the database, loads the secret keys, creates the first signing key if needed,
    /// and assembles the routes. Nothing listens until ``start()``; with port 0 and no public URL the port is
    /// bound here, and ``configuration`` names it (see ``bindForDefaultOrigin(_:)``).
    public static func build(
        configuration: Configuration,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws(StartupError) -> Application {
        try DeploymentMode.check(configuration)
        var configuration = configuration
        let socket = try bindForDefaultOrigin(&configuration)
        let metrics = MetricsRegistry()
        let store = try openStore(configuration: configuration, metrics: metrics)
        do throws(StartupError) {
            try migrate(store, logger: logger)
            let secretKeys = try SecretKeyFile.load(dataDirectory: configuration.dataDirectory, environment: environment)
            let secretBox = try SecretKeyFile.secretBox(secretKeys)
            let signingKeys = SigningKeys(store: store, secretBox: secretBox, clock: clock)
            do { try signingKeys.ensureSigningKeys() } catch { throw StartupError(error.description) }

            let policy = SessionPolicy(
                idleTimeout: .seconds(configuration.sessionIdleTimeout),
                absoluteTimeout: .seconds(configuration.sessionAbsoluteTimeout)
            )
            let sessions = SessionManager(store: store, policy: policy, clock: clock)
            let passwordPolicy = PasswordPolicy()
            let codes = OneTimeCodes(
                store: store,
                key: try SecretKeyFile.derivedKey(from: secretKeys, purpose: "vestibule/one-time-codes/v1"),
                clock: clock
            )
            let apple = try makeApple(
                configuration: configuration, store: store, secretBox: secretBox, clock: clock, metrics: metrics
            )
            let passkeys = PasskeyCeremonies(policy: makePasskeyPolicy(configuration), store: store, clock: clock)
            let (mail, outbox) = try makeMail(
                configuration: configuration, logger: logger.child("mail"), metrics: metrics
            )
            let guests = Guests(store: store, clock: clock)
            let steps = PendingSteps(store: store, secretBox: secretBox, clock: clock)
            var services = WebServices(
                store: store,
                sessions: sessions,
                passwords: PasswordAccounts(
                    store: store,
                    hasher: makePasswordHasher(configuration, metrics: metrics),
                    policy: passwordPolicy,
                    codes: codes,
                    clock: clock
                ),
                passwordPolicy: passwordPolicy,
                passkeys: passkeys,
                signingKeys: signingKeys,
                apple: apple,
                mail: mail,
                attempts: makeAttemptCounter(configuration, store: store),
                guests: guests,
                handoffs: Handoffs(steps: steps, guests: guests),
                openID: OpenIDGrants(store: store, steps: steps, guests: guests, clock: clock),
                audit: AuditTrail(store: store, retention: TimeInterval(configuration.auditRetentionDays * 86_400), clock: clock),
                recoveryLinks: RecoveryLinks(store: store, clock: clock),
                outbox: outbox
            )
            let openID = services.openID
            let audit = services.audit
            let recoveryLinks = services.recoveryLinks
            let logouts = BackchannelLogoutDelivery(
                grants: openID, store: store,
                tokens: OpenIDTokens(signer: TokenSigner(signingKeys: signingKeys, issuer: configuration.origin, clock: clock)),
                apps: configuration.apps,
                client: HTTPClient(userAgent: "Vestibule/0.1 (back-channel logout)", timeout: .seconds(10)),
                clock: clock, logger: logger.child("openid")
            )
            services.sessionsEnded = { logouts.nudge() }
            let csrfKey = try SecretKeyFile.derivedKey(from: secretKeys, purpose: "vestibule/csrf/v1")
            let rateLimitKey = try SecretKeyFile.derivedKey(from: secretKeys, purpose: "vestibule/rate-limits/v1")
            let webConfiguration = try makeWebConfiguration(configuration)
            let site: Site
            do {
                site = try Site(
                    configuration: webConfiguration,
                    services: services,
                    csrfKey: csrfKey,
                    rateLimitKey: rateLimitKey,
                    clock: clock,
                    logger: logger.child("web"),
                    metrics: metrics
                )
            } catch {
                throw StartupError(error.description)
            }
            let pages: Pages
            do { pages = try Pages(site: site) } catch { throw StartupError(error.description) }

            let draining = Draining()
            var router = Router(logger: logger.child("http"))
            OperationsRoutes(store: store, signingKeys: signingKeys, draining: draining).install(on: &router)
            pages.install(on: &router)
            WebAPI(site: site).install(on: &router)
            OpenIDProvider(site: site, logouts: logouts).install(on: &router)
            try checkConsolePath(configuration.consolePath, against: router.patterns)
            Console(site: site, pages: pages).install(on: &router)
            let handler = pages.errorPages.wrapping(router.respond)
            let server = HTTPServer(
                configuration: makeServerConfiguration(configuration), socket: socket, logger: logger.child("http"),
                metrics: HTTPMetrics(registry: metrics, routes: router.patterns), handler: handler
            )
            registerMetrics(on: metrics, sessions: sessions, server: server)
            return Application(
                configuration: configuration,
                handler: handler,
                store: store,
                server: server,
                metricsServer: makeMetricsServer(configuration, metrics: metrics, logger: logger.child("metrics")),
                draining: draining,
                janitor: Janitor(
                    tasks: [
                        Janitor.Task(name: "sessions") { try sessions.purgeExpired() },
                        Janitor.Task(name: "one-time codes") { try codes.purgeExpired() },
                        Janitor.Task(name: "passkey challenges") { try passkeys.purgeExpiredChallenges() },
                        // Empty on SQLite, which counts in memory: one cheap statement, not a special case.
                        Janitor.Task(name: "rate-limit windows") { try store.deleteExpiredAttempts(before: clock()) },
                        Janitor.Task(name: "pending sign-in steps") { try store.deleteExpiredPendingSteps(now: clock()) },
                        Janitor.Task(name: "inactive guests") { try guests.purgeInactive() },
                        // Apple delivers a notification again within hours, not weeks.
                        Janitor.Task(name: "Apple notification ids") {
                            try store.deleteAppleNotifications(before: clock().addingTimeInterval(-30 * 86_400))
                        },
                        Janitor.Task(name: "Apple revocations") { try apple?.revocations.processDue().revoked ?? 0 },
                        Janitor.Task(name: "OpenID grants") { try openID.purgeExpired() },
                        Janitor.Task(name: "audit events") { try audit.prune() },
                        Janitor.Task(name: "recovery links") { try recoveryLinks.purgeExpired() },
                    ],
                    interval: .seconds(600),
                    logger: logger
                ),
                logouts: logouts,
                mail: mail,
                logger: logger
            )
        } catch {
            store.close()
            throw error
        }
    }

    /// Starts listening. Returns once the socket is bound; requests are answered on the server's threads.
    public func start() throws(StartupError) {
        // The metrics listener first: a taken metrics port stops the start before the public listener opens.
        if let metricsServer {
            do { try metricsServer.start() } catch {
                let address = "\(configuration.effectiveMetricsHost):\(configuration.metricsPort ?? 0)"
                throw StartupError("Cannot listen for metrics on \(address): \(error)")
            }
            if !Configuration.isLoopback(configuration.effectiveMetricsHost) {
                // Named on purpose (metrics-host), yet worth a line: the listener asks nobody who they are.
                logger.warning(
                    "Metrics are served beyond this machine, without authentication",
                    ["host": configuration.effectiveMetricsHost]
                )
            }
        }
        do { try server.start() } catch {
            metricsServer?.shutdown(gracePeriod: .zero)
            throw StartupError("Cannot listen on \(configuration.host):\(configuration.port): \(error)")
        }
        logger.notice("Vestibule is listening", ["url": "http://\(configuration.host):\(server.port)", "public": configuration.origin])
        if configuration.development {
            logger.notice(
                "Development mode: for this machine only",
                ["mail": configuration.smtpURL == nil ? Self.outboxURL(configuration) : "SMTP"]
            )
        }
        if configuration.usesAppleEmulator, let issuer = configuration.appleIssuer {
            logger.notice("Sign in with Apple uses the Apple ID emulator, not Apple", ["issuer": issuer])
        }
    }

    /// The port actually bound (useful when the configuration asked for 0).
    public var port: Int { server.port }

    /// The metrics listener's port once started (the kernel's choice for `metrics-port` 0); nil when metrics are off.
    public var metricsPort: Int? { metricsServer?.port }

    /// Stops accepting connections, lets in-flight requests finish (up to `gracePeriod`), then closes
    /// the database. Safe to call more than once.
    public func shutdown(gracePeriod: Duration = .seconds(10)) {
        draining.begin()
        janitor.stop()
        logouts.stop()
        mail.drain()
        server.shutdown(gracePeriod: gracePeriod)
        // After the public listener, so a scrape meanwhile sees the drain; before the store its gauges read.
        metricsServer?.shutdown(gracePeriod: .seconds(1))
        store.close()
        logger.notice("Vestibule stopped")
    }

    static func openStore(
        configuration: Configuration, metrics: MetricsRegistry = MetricsRegistry()
    ) throws(StartupError) -> any Store {
        do {
            try FileManager.default.createDirectory(
                atPath: configuration.dataDirectory,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw StartupError("Cannot create the data folder \(configuration.dataDirectory): \(error.localizedDescription)")
        }
        do {
            if let url = configuration.databaseURL {
                // One connection per worker thread: every request thread can hold one without waiting.
                return try PostgresStore(url: url, poolSize: configuration.workerThreads, metrics: metrics)
            }
            return try SQLiteStore(path: configuration.databasePath, metrics: metrics)
        } catch {
            throw StartupError("Cannot open the database (\(configuration.databaseDescription)): \(error)")
        }
    }

    /// Applies pending migrations; returns the versions applied.
    @discardableResult
    static func migrate(_ store: any Store, logger: Logger) throws(StartupError) -> [Int] {
        do {
            let applied = try store.migrate()
            if !applied.isEmpty {
                logger.notice("Database migrated", ["versions": applied.map(String.init).joined(separator: ",")])
            }
            return applied
        } catch {
            throw StartupError("Cannot migrate the database: \(error)")
        }
    }
}
