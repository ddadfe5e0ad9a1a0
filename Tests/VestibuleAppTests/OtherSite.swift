import Synchronization
import VestibuleHTTP
import VestibuleHTTPServer
import VestibuleLogging

/// A page of another site, on `http://localhost:<port>` for the port the kernel picked: the shop an app's
/// hand-off returns to, or a page of the operator's that frames Vestibule's element.
///
/// It starts before Vestibule, whose configuration names its origin (return addresses, `frame-ancestors`); what
/// it frames is set once Vestibule's origin is known (``frame(_:of:)``).
final class OtherSite: Sendable {
    private final class Framed: Sendable {
        /// The framed URL, and the origin that serves it.
        let target = Mutex<(url: String, origin: String)?>(nil)
    }

    let origin: String
    private let server: HTTPServer
    private let framed = Framed()

    init() throws {
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        configuration.threadPoolSize = 2
        server = HTTPServer(configuration: configuration, logger: Logger(label: "other site", sink: .discard)) {
            [framed] _ in
            guard let (url, framedOrigin) = framed.target.withLock({ $0 }) else {
                return .html("<!doctype html><html lang=\"en\"><title>Shop</title><h1>Shop</h1>")
            }
            var response = Response.html(
                "<!doctype html><html lang=\"en\"><title>Shop</title><h1>Shop</h1><iframe src=\"\(url)\" title=\"Sign-in status\"></iframe>"
            )
            // Its own policy lets it frame Vestibule (the server's default allows frames of its own origin only).
            response.headers.replace("Content-Security-Policy", "frame-src \(framedOrigin)")
            return response
        }
        try server.start()
        origin = "http://localhost:\(server.port)"
    }

    /// From now on its page frames `url`, which `framedOrigin` serves.
    func frame(_ url: String, of framedOrigin: String) {
        framed.target.withLock { $0 = (url, framedOrigin) }
    }

    func stop() { server.shutdown(gracePeriod: .seconds(2)) }
}
