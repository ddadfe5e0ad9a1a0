import Foundation
import Synchronization
import VestibuleHTTP
import VestibuleHTTPServer
import VestibuleLogging

/// A live HTTP server with the fixture pages the browser tests load, reached as `http://localhost:PORT`
/// (WebAuthn accepts rp id `localhost` only from a `localhost` origin, not from `127.0.0.1`).
final class FixtureSite: Sendable {
    /// What the form page posted; a class so the request handler can share it.
    private final class Inbox: Sendable {
        let names = Mutex<[String]>([])
    }

    private let server: HTTPServer
    private let inbox = Inbox()

    init() throws {
        var configuration = HTTPServer.Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threadPoolSize = 2
        // Fixture pages carry inline styles; scripts arrive through WebDriver, which CSP does not govern.
        configuration.contentSecurityPolicy = "default-src 'self'; style-src 'self' 'unsafe-inline'"
        let inbox = inbox
        server = HTTPServer(
            configuration: configuration, logger: Logger(label: "fixture", sink: .discard),
            handler: Self.router(recordingInto: { name in inbox.names.withLock { $0.append(name) } }).handle
        )
        try server.start()
    }

    /// The display names the form page posted, in order.
    var receivedNames: [String] { inbox.names.withLock { $0 } }

    func url(_ path: String) -> String { "http://localhost:\(server.port)\(path)" }

    func shutdown() { server.shutdown(gracePeriod: .seconds(2)) }

    private static func router(recordingInto record: @escaping @Sendable (String) -> Void) -> Router {
        var router = Router()
        router.get("/") { _ in
            .html(page("Fixture home", #"<h1 id="heading" data-kind="greeting">Welcome</h1><a href="/form">Form</a>"#))
        }
        router.get("/form") { _ in
            .html(page("Sign up", """
                <form method="post" action="/submit">
                <label for="name">Display name</label><input id="name" name="display_name" autocomplete="off">
                <button id="send" type="submit">Send</button>
                </form>
                """))
        }
        router.post("/submit") { request in
            let name = try request.form()["display_name"] ?? ""
            record(name)
            return .html(page("Welcome", #"<p id="greeting">Hello, \#(escape(name))!</p>"#))
        }
        router.get("/text") { _ in
            .html(page("Text sizes", """
                <style>html { font-size: 100%; } body { font-size: 1rem; } #locked { font-size: 14px; }</style>
                <p id="flowing">This text follows the reader's font size.</p>
                <p id="locked">This text is locked in pixels.</p>
                """))
        }
        return router
    }

    private static func page(_ title: String, _ body: String) -> String {
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(title)</title></head><body>\(body)</body></html>"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
