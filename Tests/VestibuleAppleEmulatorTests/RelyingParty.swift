import Synchronization
import VestibuleHTTP
import VestibuleHTTPServer
import VestibuleLogging
import VestibuleTesting

/// The relying party's side, as far as the emulator reaches it: the callback a browser posts to and the
/// notification endpoint. A VestibuleHTTP server on `localhost` that keeps every request and answers
/// notifications with the status a test chooses.
final class RelyingParty: Sendable {
    static let callbackPath = "/auth/apple/callback"
    static let notificationsPath = "/auth/apple/notifications"

    private final class Inbox: Sendable {
        let state = Mutex<(requests: [Request], status: HTTPStatus)>(([], .ok))
    }

    private let server: HTTPServer
    private let inbox = Inbox()

    init() throws {
        // Started before the emulator, whose configuration names the redirect URI: port 0, then the port it got.
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        configuration.threadPoolSize = 2
        var router = Router()
        router.get("/start") { _ in
            // A session cookie as a careless relying party would rely on: Lax cookies stay home on a cross-site POST.
            var response = Response.html("<!doctype html><title>Relying party</title><p>Ready.</p>")
            response.setCookie(try Cookie(name: "rp_session", value: "lax", secure: false, sameSite: .lax))
            return response
        }
        router.post(Self.callbackPath) { _ in .html("<!doctype html><title>Signed in</title><p id=\"received\">Received.</p>") }
        router.post(Self.notificationsPath) { [inbox] _ in Response(status: inbox.state.withLock { $0.status }) }
        server = HTTPServer(configuration: configuration, logger: Logger(label: "relying-party", sink: .discard)) {
            [inbox, router] request in
            inbox.state.withLock { $0.requests.append(request) }
            return try router.handle(request)
        }
        try server.start()
    }

    var port: Int { server.port }
    var origin: String { "http://localhost:\(port)" }
    var callbackURL: String { origin + Self.callbackPath }
    var notificationURL: String { origin + Self.notificationsPath }

    /// The requests that reached `path`, oldest first.
    func requests(to path: String) -> [Request] { inbox.state.withLock { $0.requests.filter { $0.path == path } } }

    /// The status of every notification answer from now on.
    func answerNotifications(with status: HTTPStatus) { inbox.state.withLock { $0.status = status } }

    func stop() { server.shutdown(gracePeriod: .seconds(2)) }
}
