public import Foundation
import VestibuleHTTP
public import VestibuleHTTPServer
public import VestibuleLogging
import VestibuleClient
import VestibuleHTML

/// The demo bookstore, assembled: its catalog, its pages, its HTTP server, and the client it reaches Vestibule
/// with. `vestibule-bookstore` and the tests build it through the same ``build(configuration:logger:clock:)``.
public final class Bookstore: Sendable {
    public let configuration: BookstoreConfiguration
    private let server: HTTPServer

    private init(configuration: BookstoreConfiguration, server: HTTPServer) {
        self.configuration = configuration
        self.server = server
    }

    /// A start-up that cannot work, with the sentence that says why.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Loads the catalog, the texts and the stylesheets, and assembles the routes. Nothing listens until
    /// ``start()``, and Vestibule is asked nothing until a request needs it.
    ///
    /// With port 0 and no public URL, the port is bound here and ``configuration`` names it: the origin
    /// `http://localhost:PORT` that forms are checked against must be known before they can be.
    public static func build(
        configuration: BookstoreConfiguration,
        logger: Logger,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) throws(SetupError) -> Bookstore {
        var configuration = configuration
        let socket = try bindForDefaultOrigin(&configuration)
        let app: BookstoreApp
        do {
            app = BookstoreApp(
                configuration: configuration,
                shop: Shop(
                    vestibule: VestibuleClient(
                        origin: configuration.vestibuleOrigin, appID: configuration.appID, appKey: configuration.appKey
                    ),
                    catalog: try Catalog.bundled()
                ),
                localization: try BookstoreLocalization(),
                stylesheets: try stylesheets(),
                // Tokens of forms shown before a restart stop working after it: a reload fixes them, and the
                // bookstore keeps no secret on disk.
                csrf: CSRFGuard(key: Randomness.bytes(32), origin: configuration.origin),
                cookies: BookstoreCookies(secure: configuration.secure),
                guestLimit: GuestLimit(),
                clock: clock,
                logger: logger
            )
        } catch {
            throw SetupError(description: "\(error)")
        }
        var router = Router(logger: logger.child("http"))
        app.install(on: &router)
        let handler: Handler = { [router] request in app.respond(to: request, with: router) }

        var server = HTTPServer.Configuration()
        server.host = configuration.host
        server.port = configuration.port
        server.threadPoolSize = configuration.workerThreads
        server.behindTLSProxy = configuration.secure
        // "Create an account" and "Sign in" answer with a redirect to Vestibule's pages, and `form-action`
        // also governs where a form's redirect may go.
        server.contentSecurityPolicy = SecurityHeaders.contentSecurityPolicy(
            formActions: [configuration.vestibuleOrigin], images: []
        )
        return Bookstore(
            configuration: configuration,
            server: HTTPServer(configuration: server, socket: socket, logger: logger.child("http"), handler: handler)
        )
    }

    /// With port 0 and no public URL, binds the port and puts it in `configuration`; otherwise nil, and
    /// ``start()`` binds.
    private static func bindForDefaultOrigin(
        _ configuration: inout BookstoreConfiguration
    ) throws(SetupError) -> ListeningSocket? {
        guard configuration.port == 0, configuration.publicURL == nil else { return nil }
        do {
            let socket = try ListeningSocket(host: configuration.host, port: 0)
            configuration.port = socket.port
            return socket
        } catch {
            throw SetupError(description: error.description)
        }
    }

    /// Binds the port and starts answering; returns once connections are accepted.
    public func start() throws(HTTPServerError) {
        try server.start()
    }

    /// The bound port (the kernel's choice when port 0 was configured): once started, or from the build on when
    /// the build bound it.
    public var port: Int { server.port }

    /// Stops gracefully: requests in flight are answered first.
    public func shutdown() {
        server.shutdown()
    }

    /// The shared base stylesheet and the bookstore's own, by the path each is served at.
    private static func stylesheets() throws(SetupError) -> [String: [UInt8]] {
        guard let base = BaseStylesheet.css() else { throw SetupError(description: "base.css is missing from the bundle.") }
        guard let url = Bundle.module.url(forResource: "bookstore", withExtension: "css", subdirectory: "Resources/Static"),
              let data = try? Data(contentsOf: url)
        else { throw SetupError(description: "bookstore.css is missing from the bundle.") }
        return [BaseStylesheet.path: base, BookstoreApp.stylesheetPath: Array(data)]
    }
}
