public import Foundation
public import VestibuleApp
import VestibuleAppleEmulator
public import VestibuleCore
import VestibuleCrypto
public import VestibuleHTTP
public import VestibuleLogging
import VestibuleSQL
import VestibuleSQLite
public import VestibuleTesting

/// A Vestibule built exactly as `vestibule serve` builds it, in a fresh data folder, on port 0: what
/// tests of the whole application start from, as hummingbird's `app.test(.router)`.
///
/// Requests go through the whole pipeline in-process (``respond(_:method:headers:body:remoteAddress:)``, and
/// the clients built on it: ``FormClient``, ``APIClient``), or over a real socket once started
/// (``startedOnLocalhost(clock:configure:)``). In development mode by default, with an in-process Apple ID
/// emulator, so that mail lands in the outbox the tests read and Sign in with Apple works end to end.
///
/// Unless `configure` sets a port or a public URL, the build binds a free port and the public URL is
/// `http://localhost:PORT` (`configuration.origin`), as browsers need for the same-origin check and passkeys;
/// nothing listens before ``Application/start()``, yet the port stays this application's from the build on.
public struct TestApplication: Sendable {
    public let application: Application
    /// Everything the application logged, for tests of what must (not) be logged.
    public let logs = LogCapture()
    /// Removed once the last copy of this test application goes, after the test has shut it down.
    private let scratch: ScratchDirectory
    /// The Apple ID emulator this Vestibule signs in with Apple against, as `make run` starts one beside it.
    private let emulator: EmulatorOwner?
    /// The emulator's origin, when there is one.
    public var appleEmulatorOrigin: String? { emulator?.emulator.issuer }

    /// Stops the Apple ID emulator, as Apple becoming unreachable: its port is closed from now on.
    public func stopAppleEmulator() {
        emulator?.emulator.shutdown()
    }
    /// Inside the scratch directory, made by the application itself as `vestibule serve` makes it (mode 0700).
    public var dataDirectory: String { Self.dataDirectory(in: scratch) }

    private static func dataDirectory(in scratch: ScratchDirectory) -> String { scratch.path + "/data" }

    /// - Parameter appleEmulator: whether to start an Apple ID emulator and point Sign in with Apple at it (in
    ///   development mode, when `configure` sets no Apple credentials of its own).
    public init(
        environment: [String: String] = [:],
        clock: TestClock? = nil,
        appleEmulator: Bool = true,
        configure: (inout Configuration) -> Void = { _ in }
    ) throws {
        scratch = try ScratchDirectory(prefix: "vestibule-app")
        var configuration = Configuration()
        configuration.port = 0
        // Mail in the outbox the tests read, and the Apple ID emulator: development mode, on loopback.
        configuration.development = true
        configuration.dataDirectory = Self.dataDirectory(in: scratch)
        configure(&configuration)
        // Only development mode trusts the emulator; a test of production mode signs in with Apple only if it says how.
        let wantsEmulator = appleEmulator && configuration.development && configuration.appleTeamID == nil
        emulator = wantsEmulator ? try EmulatorOwner(for: &configuration) : nil
        let now: @Sendable () -> Date
        if let clock { now = clock.now } else { now = { Date() } }
        application = try Application.build(
            configuration: configuration,
            environment: environment,
            logger: Logger(label: "test", minimumLevel: .debug, sink: logs.sink),
            clock: now
        )
        try emulator?.registerTeam(for: application.configuration.origin)
    }

    /// An application listening on `http://localhost:PORT`, which is also its public URL, as browsers need
    /// for the same-origin check and for passkeys. Returns it started, with its port.
    public static func startedOnLocalhost(
        clock: TestClock? = nil, configure: (inout Configuration) -> Void = { _ in }
    ) throws -> (TestApplication, Int) {
        let app = try TestApplication(clock: clock, configure: configure)
        try app.application.start()
        return (app, app.application.port)
    }

    /// Sends a request through the whole pipeline in-process, as if from `remoteAddress`.
    public func respond(
        _ target: String,
        method: HTTPMethod = .get,
        headers: HTTPHeaders = HTTPHeaders(),
        body: String = "",
        remoteAddress: String = "127.0.0.1"
    ) throws -> Response {
        let request = try Request(
            method: method, target: target, headers: headers, body: Array(body.utf8), remoteAddress: remoteAddress
        )
        return try application.handler(request)
    }

    /// Signs in as a sign-in method would, at `time`: to `account`, or to a new account with an Apple identity.
    /// Returns the account and the cookie header that carries the session.
    public func signIn(
        to account: Account? = nil, userAgent: String = "Safari on iPhone", at time: Date = Date()
    ) throws -> (account: Account, cookie: String) {
        try withStore { store in
            let account = try account ?? {
                let account = Account(displayName: "Ada", email: "ada@privaterelay.appleid.com", createdAt: Date())
                let identity = Identity(accountID: account.id, method: .apple, subject: UUID().uuidString, createdAt: Date())
                let apple = AppleIdentityRecord(
                    subject: identity.subject, accountID: account.id, clientID: "dev.vestibule.web",
                    sealedRefreshToken: nil, isPrivateEmail: true, updatedAt: Date()
                )
                try store.createAppleAccount(account, identity: identity, apple: apple)
                return account
            }()
            let sessions = SessionManager(store: store, policy: SessionPolicy(), clock: { time })
            let (_, token) = try sessions.signIn(accountID: account.id, method: .apple, userAgent: userAgent, replacing: nil)
            return (account, "vestibule_session=\(token.value)")
        }
    }

    /// Adds a passkey (as a registration would store it) to the account; `flagged` records a clone warning.
    public func addPasskey(to account: Account, name: String, flagged: Bool = false) throws {
        try withStore { store in
            let credential = PasskeyCredential(
                id: Array(UUID().uuidString.utf8), accountID: account.id, publicKey: [], signCount: 4,
                backupEligible: true, backedUp: true, transports: ["internal"], aaguid: Array(repeating: 0, count: 16),
                name: name, createdAt: Date(), lastUsedAt: Date(), cloneWarningAt: flagged ? Date() : nil
            )
            let identity = Identity(
                accountID: account.id, method: .passkey, subject: PasskeyCredential.subject(of: credential.id),
                createdAt: Date()
            )
            try store.addPasskey(credential, identity: identity)
        }
    }

    /// How many rows of any table but `excepted` hold `value` in a text column (see `SQLTable.rows(holding:on:)`).
    public func rowsHolding(_ value: String, except excepted: Set<String> = []) throws -> Int {
        let store = try SQLiteStore(path: application.configuration.databasePath)
        defer { store.close() }
        return try store.read { connection throws(StoreError) in
            var total = 0
            for table in SQLTable.all where !excepted.contains(table.name) {
                total += try table.rows(holding: value, on: connection)
            }
            return total
        }
    }

    /// Runs `body` with a second connection to the application's database (SQLite in WAL mode allows it).
    public func withStore<T>(_ body: (any Store) throws -> T) throws -> T {
        let store = try SQLiteStore(path: application.configuration.databasePath)
        defer { store.close() }
        return try body(store)
    }
}

extension Response {
    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}
