import Synchronization
import VestibuleHTTP
import VestibuleHTTPServer
import VestibuleLogging

/// A VestibuleHTTP server on an ephemeral loopback port for one test, remembering every request it answered.
final class LocalServer: Sendable {
    private let server: HTTPServer
    private let received: RequestLog

    init(routes: (inout Router) -> Void) throws {
        var router = Router()
        routes(&router)
        let received = RequestLog()
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        configuration.threadPoolSize = 4
        server = HTTPServer(configuration: configuration, logger: Logger(label: "test", sink: .discard)) { [router] in
            received.append($0)
            return try router.handle($0)
        }
        self.received = received
        try server.start()
    }

    func url(_ target: String) -> String { "http://127.0.0.1:\(server.port)\(target)" }

    var requests: [Request] { received.all }

    func stop() { server.shutdown(gracePeriod: .seconds(2)) }
}

private final class RequestLog: Sendable {
    private let requests = Mutex<[Request]>([])

    func append(_ request: Request) { requests.withLock { $0.append(request) } }

    var all: [Request] { requests.withLock { $0 } }
}
