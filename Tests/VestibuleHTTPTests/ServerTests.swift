import Testing
import VestibuleTesting
import VestibuleLogging
@testable import VestibuleHTTP
import VestibuleHTTPServer

@Suite struct ServerTests {
    /// Routes used by the live tests.
    static let router: Router = {
        var router = Router()
        router.get("/") { _ in .text("hello") }
        router.post("/echo") { request in
            .text("\(request.method) \(request.path) \(request.body.count) \(request.remoteAddress) secure=\(request.isSecure)")
        }
        router.post("/form") { request in .text(try request.form()["name"] ?? "-") }
        router.get("/boom") { _ in
            struct Exploded: Error { let detail = "secret-internal-detail" }
            throw Exploded()
        }
        return router
    }()

    @Test func keepAliveServesSequentialAndPipelinedRequestsOverOneConnection() throws {
        try withServer(handler: Self.router.handle) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let first = try #require(try connection.readResponse())
            try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
            let second = try #require(try connection.readResponse())
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let third = try #require(try connection.readResponse())
            let fourth = try #require(try connection.readResponse())
            #expect([first, second, third, fourth].map(\.status) == [200, 200, 200, 200])
            #expect([first, second, third, fourth].allSatisfy { $0.header("Connection") != "close" })
            #expect(second.text == "POST /echo 3 127.0.0.1 secure=false")
        }
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: x\r\n\r\n", 200),
        ("GET /missing HTTP/1.1\r\nHost: x\r\n\r\n", 404),
        ("DELETE / HTTP/1.1\r\nHost: x\r\n\r\n", 405),
        ("GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1\r\n\r\na", 415),
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n", 413),
        ("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n", 431),
        ("GET /boom HTTP/1.1\r\nHost: x\r\n\r\n", 500),
    ])
    func everyResponseCarriesSecurityHeadersAndARequestID(request: String, status: Int) throws {
        try withServer(handler: Self.router.handle) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send(request)
            let response = try #require(try connection.readResponse())
            #expect(response.status == status)
            #expect(response.header("X-Request-ID")?.count == 12)
            #expect(response.header("Content-Security-Policy") == SecurityHeaders.defaultContentSecurityPolicy)
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("Referrer-Policy") == "strict-origin-when-cross-origin")
            #expect(response.header("X-Frame-Options") == "DENY")
            #expect(response.header("Cross-Origin-Opener-Policy") == "same-origin")
            #expect(response.header("Strict-Transport-Security") == nil)
        }
    }

    @Test func methodNotAllowedNamesTheAllowedMethods() throws {
        try withServer(handler: Self.router.handle) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("PUT /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
            #expect(try connection.readResponse()?.header("Allow") == "POST")
        }
    }

    @Test func headAnswersWithGetHeadersAndNoBody() throws {
        try withServer(handler: Self.router.handle) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("HEAD / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try #require(try connection.readResponse(forHEAD: true))
            #expect(head.status == 200)
            #expect(head.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(try connection.readResponse()?.text == "hello")
        }
    }

    @Test func behindTLSProxyMarksRequestsSecureAndSendsHSTS() throws {
        try withServer({ $0.behindTLSProxy = true }, handler: Self.router.handle) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
            let response = try #require(try connection.readResponse())
            #expect(response.text.hasSuffix("secure=true"))
            #expect(response.header("Strict-Transport-Security")?.hasPrefix("max-age=") == true)
        }
    }

    @Test func contentSecurityPolicyIsConfigurable() throws {
        try withServer({ $0.contentSecurityPolicy = "default-src 'none'" }) { server in
            let response = try get("/", port: server.port)
            #expect(response?.header("Content-Security-Policy") == "default-src 'none'")
        }
    }

    @Test func bodyOverLimitDeclaredByContentLengthIs413BeforeTheBodyIsSent() throws {
        try withServer({ $0.maxBodyBytes = 1000 }, handler: Self.router.handle) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1001\r\n\r\n")
            let response = try #require(try connection.readResponse())
            #expect(response.status == 413)
            #expect(response.text == "The request body is larger than 1000 bytes.\n")
            #expect(response.header("Connection") == "close")
        }
    }

    @Test func chunkedBodyOverLimitIsCountedAndAnswered413() throws {
        try withServer({ $0.maxBodyBytes = 1000 }, handler: Self.router.handle) { server in
            let connection = try RawConnection(port: server.port)
            let chunk = "200\r\n" + String(repeating: "z", count: 512) + "\r\n"
            try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + String(repeating: chunk, count: 4) + "0\r\n\r\n")
            #expect(try connection.readResponse()?.status == 413)
        }
    }

    @Test func bodiesWithinTheLimitReachTheHandlerWholeEitherWay() throws {
        try withServer({ $0.maxBodyBytes = 200_000 }, handler: Self.router.handle) { server in
            let connection = try RawConnection(port: server.port)
            let body = String(repeating: "b", count: 200_000)
            try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            #expect(try connection.readResponse()?.text.hasPrefix("POST /echo 200000 ") == true)
            let chunk = "400\r\n" + String(repeating: "c", count: 1024) + "\r\n"
            try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + String(repeating: chunk, count: 100) + "0\r\n\r\n")
            #expect(try connection.readResponse()?.text.hasPrefix("POST /echo 102400 ") == true)
        }
    }

    @Test(arguments: [
        "Content-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
    ])
    func ambiguousBodyFramingIsRefusedAndTheConnectionClosed(framing: String) throws {
        try withServer(handler: Self.router.handle) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send("POST /echo HTTP/1.1\r\nHost: x\r\n\(framing)")
            let response = try #require(try connection.readResponse())
            #expect(response.status == 400)
            #expect(response.text == "The request body length is ambiguous.\n")
            #expect(response.header("Connection") == "close")
        }
    }

    @Test func headerFieldsOverLimitAre431() throws {
        try withServer({ $0.maxHeaderBytes = 4096 }) { server in
            let fits = try get("/", port: server.port, headers: "X-A: \(String(repeating: "a", count: 3500))\r\n")
            #expect(fits?.status == 200)
            let tooBig = try get("/", port: server.port, headers: "X-A: \(String(repeating: "a", count: 4100))\r\n")
            #expect(tooBig?.status == 431)
            let tooMany = try get("/", port: server.port, headers: (0..<500).map { "X-\($0): 1\r\n" }.joined())
            #expect(tooMany?.status == 431)
        }
    }

    @Test func unexpectedHandlerErrorIsGeneric500ButLoggedWithDetail() throws {
        let log = LogCapture()
        try withServer(log: log, handler: Self.router.handle) { server in
            let response = try #require(try get("/boom", port: server.port))
            let id = try #require(response.header("X-Request-ID"))
            #expect(response.status == 500)
            #expect(response.text.contains(id))
            #expect(!response.text.contains("secret-internal-detail"))
            #expect(log.text.contains("handler failed request_id=\(id)"))
            #expect(log.text.contains("secret-internal-detail"))
        }
    }

    @Test func connectionsBeyondTheLimitWaitUntilOneCloses() throws {
        try withServer({ $0.maxConnections = 2; $0.threadPoolSize = 1 }) { server in
            var held = [try RawConnection(port: server.port), try RawConnection(port: server.port)]
            try held[0].send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try held[0].readResponse()?.status == 200)
            let extra = try RawConnection(port: server.port, timeout: 1)
            try extra.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            // At the limit MHD stops accepting: the connection waits in the kernel's backlog, unanswered.
            #expect(throws: RawConnection.Failure.self) { try extra.readResponse() }
            held.removeAll()
            extra.setReadTimeout(seconds: 5)
            #expect(try extra.readResponse()?.status == 200)
        }
    }

    @Test(arguments: ["/next\r\nSet-Cookie: injected=1", "/next\nX-Injected: 1", "/next\rX-Injected: 1"])
    func headerValueWithLineBreakCannotInjectAHeader(location: String) throws {
        let log = LogCapture()
        try withServer(log: log, handler: { _ in .redirect(to: location) }) { server in
            let response = try #require(try get("/", port: server.port))
            #expect(response.status == 500)
            #expect(response.header("Set-Cookie") == nil && response.header("X-Injected") == nil)
            #expect(response.header("X-Request-ID") != nil)
            #expect(log.text.contains("error=ResponseHeaderRejected"))
        }
    }

    @Test func portZeroBindsAnEphemeralPort() throws {
        try withServer { server in #expect(server.port > 0 && server.port != 8080) }
    }

    @Test func startFailsClearlyWhenThePortIsTaken() throws {
        try withServer { running in
            var configuration = HTTPServer.Configuration()
            configuration.port = running.port
            let second = HTTPServer(configuration: configuration, logger: Logger(label: "t", sink: .discard)) { _ in .empty() }
            #expect {
                try second.start()
            } throws: { error in
                let error = error as? HTTPServerError
                return error?.code == .addressInUse && error?.message.contains("\(running.port)") == true
            }
        }
    }

    @Test(arguments: ["no-such-host.invalid", "300.1.1.1"])
    func startFailsClearlyForAnInvalidHost(host: String) {
        var configuration = HTTPServer.Configuration()
        configuration.host = host
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, logger: Logger(label: "t", sink: .discard)) { _ in .empty() }
        #expect { try server.start() } throws: { ($0 as? HTTPServerError)?.code == .invalidAddress }
    }

    @Test func startingTwiceFails() throws {
        try withServer { server in
            #expect { try server.start() } throws: { ($0 as? HTTPServerError)?.code == .alreadyStarted }
        }
    }
}
