public import Foundation
import VestibuleHTTP
public import VestibuleHTTPServer
public import VestibuleLogging
import Synchronization
public import VestibuleCrypto
import VestibuleHTTPClient

/// Apple's side of Sign in with Apple, for development and tests: discovery, the authorization page,
/// `/auth/token`, `/auth/keys`, `/auth/revoke`, a native app's credential and server-to-server notifications,
/// on its own origin, with its own RS256 keys and its own issuer.
///
/// Run it on an origin other than the relying party's (`http://127.0.0.1:8081` next to
/// `http://localhost:8080`) so the form_post callback is as cross-site as Apple's. State is kept in memory;
/// `sub` and relay addresses are derived from the Apple ID and Team ID under
/// ``Configuration/subjectSecret``, so they stay stable while that key does.
///
/// Differences from Apple, on purpose: any redirect URI the configuration registers is accepted (Apple wants
/// https and no localhost), no password is asked, and `/emulator/*` adds what Apple does from devices and its
/// own consoles. The endpoints are unauthenticated apart from what Apple authenticates: never expose an
/// emulator beyond a development machine or a test.
public final class AppleEmulator: Sendable {
    public let configuration: Configuration
    let logger: Logger
    let clock: @Sendable () -> Date
    let keys: SigningKeyRing
    let derivation: AppleIDDerivation
    let state = Mutex(EmulatorState())
    /// Delivers notifications to the relying party.
    let notifier = HTTPClient(userAgent: "Vestibule-AppleEmulator/1.0", timeout: .seconds(10))
    private let server = Mutex<HTTPServer?>(nil)
    private let origin = Mutex<String?>(nil)
    private let clients: Mutex<[RegisteredClient]>

    /// - Parameter clock: the current time, read for every code, token and client-secret check; tests move it.
    public init(
        configuration: Configuration, logger: Logger, clock: @escaping @Sendable () -> Date = { Date() }
    ) throws(CryptoError) {
        self.configuration = configuration
        self.logger = logger
        self.clock = clock
        keys = try SigningKeyRing()
        derivation = AppleIDDerivation(secret: configuration.subjectSecret ?? SecureRandom.bytes(32))
        clients = Mutex(configuration.clients)
        origin.withLock { $0 = configuration.issuer }
    }

    /// Registers one more team, as adding a Services ID on Apple's developer site does: for a relying party
    /// whose origin is known only once the emulator runs (it listens on port 0 and learns its port after
    /// learning the emulator's issuer).
    public func register(_ client: RegisteredClient) {
        clients.withLock { $0.append(client) }
    }

    /// The client that owns `clientID` (a Services ID or a bundle ID).
    func client(for clientID: String) -> RegisteredClient? {
        clients.withLock { clients in clients.first { $0.clientIDs.contains(clientID) } }
    }

    /// Listens on `host:port` (port 0: a free port the kernel picks); returns once connections are accepted.
    /// Without a configured issuer, the issuer becomes `http://host:port`.
    public func start(host: String = "127.0.0.1", port: Int = 8081) throws(HTTPServerError) {
        var serverConfiguration = HTTPServer.Configuration()
        serverConfiguration.host = host
        serverConfiguration.port = port
        serverConfiguration.threadPoolSize = 4
        let router = makeRouter()
        let server = HTTPServer(configuration: serverConfiguration, logger: logger) { request in
            try router.handle(request)
        }
        if configuration.issuer == nil, port != 0 { origin.withLock { $0 = Self.origin(host: host, port: port) } }
        try server.start()
        if configuration.issuer == nil { origin.withLock { $0 = Self.origin(host: host, port: server.port) } }
        self.server.withLock { $0 = server }
    }

    /// Stops listening; requests in flight are answered first. The emulator cannot be started again.
    public func shutdown() {
        let running = server.withLock { server in
            defer { server = nil }
            return server
        }
        running?.shutdown(gracePeriod: .seconds(2))
    }

    /// The `iss` of every token and the origin of every endpoint: the configured one, or once started, the
    /// origin it listens on. Empty before then.
    public var issuer: String { origin.withLock { $0 ?? "" } }

    /// The port it listens on once started (the kernel's choice for port 0), else 0.
    public var port: Int { server.withLock { $0?.port ?? 0 } }

    /// Signs new tokens with a new key (a new `kid`); `/auth/keys` keeps listing the previous ones.
    public func rotateKeys() throws(CryptoError) {
        try keys.rotate()
    }

    /// Every `/auth/revoke` call by an authenticated client, oldest first.
    public var revocations: [Revocation] { state.withLock { $0.revocations } }

    private static func origin(host: String, port: Int) -> String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }
}
