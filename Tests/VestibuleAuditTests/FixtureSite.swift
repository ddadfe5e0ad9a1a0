import VestibuleHTTP
import VestibuleHTTPServer
import VestibuleLogging

/// The fixture corpus served on `http://localhost:PORT`, plus `/lang` and `/cookie`, pages
/// showing the request's first Accept-Language (as Vestibule's pages choose theirs) and its Cookie header in
/// px-locked text, so a didNotGrow finding's excerpt tells what the browser sent.
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
        // The Safari fixture again under a strict Content-Security-Policy (no inline styles at all, as
        // Vestibule's own pages): the audit's emulation must not depend on injecting a <style> element.
        router.get("/strict-apple-body") { _ in
            var response = Response.html(
                "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Strict</title>"
                    + "<link rel=\"stylesheet\" href=\"/apple-body.css\"></head><body>"
                    + (FixturePages.pages["/apple-body"]?.body ?? "") + "</body></html>"
            )
            response.headers.replace("Content-Security-Policy", "default-src 'self'; style-src 'self'")
            return response
        }
        router.get("/apple-body.css") { _ in
            let css = FixturePages.base + "\n" + (FixturePages.pages["/apple-body"]?.css ?? "")
            return Response(status: .ok, headers: ["Content-Type": "text/css; charset=utf-8"], body: Array(css.utf8))
        }
        router.get("/drawing.svg") { _ in
            let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>hi</text></svg>"#
            return Response(status: .ok, headers: ["Content-Type": "image/svg+xml"], body: Array(svg.utf8))
        }
        router.get("/cookie") { request in
            let cookie = request.headers["cookie"] ?? "none"
            return .html(
                "<!doctype html><html><head><style>#cookie { font-size: 12px; }</style></head>"
                    + "<body><p id=\"cookie\">\(cookie)</p></body></html>"
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
