import Testing
import VestibuleTesting
import VestibuleLogging
@testable import VestibuleHTTP

@Suite struct AccessLogTests {
    @Test func accessLogRecordsTheRequestButNoSecrets() throws {
        let log = LogCapture()
        var router = Router()
        router.post("/sign-in") { request in
            _ = try request.form()
            _ = request.cookies["session"]
            return .redirect(to: "/")
        }
        router.get("/callback") { _ in .text("ok") }
        try withServer(log: log, handler: router.handle) { server in
            let connection = try RawConnection(port: server.port)
            let body = "email=ann%40example.com&password=hunter2-Sup3rSecret"
            try connection.send("""
                POST /sign-in HTTP/1.1\r
                Host: x\r
                Cookie: session=COOKIEVALUE123\r
                Authorization: Bearer BEARERTOKEN456\r
                Content-Type: application/x-www-form-urlencoded\r
                Content-Length: \(body.utf8.count)\r
                \r
                \(body)
                """)
            let signIn = try #require(try connection.readResponse())
            try connection.send("GET /callback?code=AUTHCODE789&state=STATE000 HTTP/1.1\r\nHost: x\r\n\r\n")
            let callback = try #require(try connection.readResponse())
            #expect(signIn.status == 303 && callback.status == 200)

            let text = log.text
            for secret in ["COOKIEVALUE123", "BEARERTOKEN456", "hunter2", "Sup3rSecret", "ann", "AUTHCODE789", "STATE000"] {
                #expect(!text.contains(secret), "\(secret) leaked into the log")
            }
            let lines = text.split(separator: "\n").filter { $0.contains(" request ") }
            #expect(lines.count == 2)
            let first = try #require(lines.first)
            #expect(first.contains("method=POST path=/sign-in status=303 duration_ms="))
            #expect(first.contains("bytes=0 request_id=\(signIn.header("X-Request-ID") ?? "?") remote=127.0.0.1"))
            #expect(lines.last?.contains("method=GET path=/callback status=200") == true)
        }
    }

    /// A secret in the path (a hand-off link's code) is logged as the route's pattern, whatever the handler
    /// answers or throws, and behind middleware; a path no route matched is logged as sent.
    @Test func aPathParameterIsLoggedAsTheRoutePatternNotItsValue() throws {
        let log = LogCapture()
        var router = Router()
        router.get("/links/:code") { request in
            guard request.pathParameters["code"] == "OPENS-SECRET-1" else { throw HTTPError(.tooManyRequests) }
            return .redirect(to: "/")
        }
        let handler = Middleware { request, next in try next(request) }.wrapping(router.handle)
        try withServer(log: log, handler: handler) { server in
            #expect(try get("/links/OPENS-SECRET-1", port: server.port)?.status == 303)
            #expect(try get("/links/THROWS-SECRET-2", port: server.port)?.status == 429)
            let connection = try RawConnection(port: server.port)
            try connection.send("DELETE /links/METHOD-SECRET-3 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse()?.status == 405)
            #expect(try get("/elsewhere/x", port: server.port)?.status == 404)
        }
        let lines = log.text.split(separator: "\n").filter { $0.contains(" request ") }
        #expect(lines.filter { $0.contains(" path=/links/:code ") }.count == 3)
        #expect(lines.contains { $0.contains(" path=/elsewhere/x ") })
        #expect(!log.text.contains("SECRET"))
    }

    @Test func hostilePathCannotForgeALogLine() throws {
        let log = LogCapture()
        try withServer(log: log) { server in
            _ = try get("/a%0Ainfo%20forged", port: server.port)
            _ = try get("/x\"y", port: server.port)
        }
        #expect(!log.text.contains("\ninfo forged"))
        #expect(log.text.split(separator: "\n").allSatisfy { $0.hasPrefix("20") })
    }
}
