import VestibuleHTTP
import VestibuleLogging

/// The fixture corpus served on `http://localhost:PORT`, plus `/lang`, a page whose text is the first language
/// of the request's Accept-Language (as Vestibule's pages choose theirs).
final class FixtureSite: Sendable {
    private let server: HTTPServer

    init() throws {
        var configuration = HTTPServer.Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threadPoolSize = 2
        configuration.contentSecurityPolicy = "default-src 'self'; style-src 'self' 'unsafe-inline'"
        var router = Router()
        for path in FixturePages.pages.keys {
            router.get(path) { _ in .html(FixturePages.html(path) ?? "") }
        }
        router.get("/lang") { request in
            let language = request.headers["accept-language"]?.split(separator: ",").first.map(String.init) ?? "none"
            return .html(
                "<!doctype html><html><head><style>#lang { font-size: 12px; }</style></head>"
                    + "<body><p id=\"lang\">\(language)</p></body></html>"
            )
        }
        server = HTTPServer(
            configuration: configuration, logger: Logger(label: "audit-fixture", sink: .discard),
            handler: router.handle
        )
        try server.start()
    }

    func url(_ path: String) -> String { "http://localhost:\(server.port)\(path)" }

    func shutdown() { server.shutdown(gracePeriod: .seconds(2)) }
}
