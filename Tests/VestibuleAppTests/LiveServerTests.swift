import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleSQLite
import VestibuleTesting

/// Vestibule over real sockets: in-process with `Application.start()`, and as the `vestibule` executable.
@Suite(.serialized) struct LiveServerTests {
    @Test func curlReusesOneConnectionAndSeesTheSecurityHeaders() throws {
        let app = try TestApplication()
        try app.application.start()
        defer { app.application.shutdown() }
        let base = "http://127.0.0.1:\(app.application.port)"
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-sv", "-o", "/dev/null", "-o", "/dev/null", "\(base)/", "\(base)/sign-in"]
        let trace = Pipe()
        curl.standardError = trace
        try curl.run()
        let output = String(decoding: trace.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        #expect(curl.terminationStatus == 0)
        #expect(output.contains("Re-using existing connection"), "\(output)")
        #expect(output.components(separatedBy: "Connected to").count == 2, "exactly one TCP connection")
        let lower = output.lowercased()
        #expect(lower.contains("< content-security-policy: default-src 'self'"))
        #expect(lower.contains("frame-ancestors 'none'"))
        #expect(!lower.contains("unsafe-inline"))
        #expect(lower.contains("< x-content-type-options: nosniff"))
        #expect(lower.contains("< referrer-policy: "))
        #expect(lower.contains("< x-request-id: "))
        #expect(!lower.contains("strict-transport-security"), "no HSTS over plain HTTP")
    }

    @Test func theAccessLogNeverContainsCookiesTokensCodesOrPasswords() throws {
        let app = try TestApplication()
        try app.application.start()
        let (_, cookie) = try app.signIn()
        let token = String(cookie.split(separator: "=", maxSplits: 1)[1])
        let requests = [
            "GET /account?code=QUERY-SECRET-123 HTTP/1.1\r\nHost: x\r\nCookie: \(cookie)\r\n\r\n",
            "POST /sign-out HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer BEARER-SECRET-456\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 28\r\n\r\npassword=BODY-SECRET-789&a=b",
        ]
        for request in requests {
            let connection = try RawConnection(port: app.application.port)
            try connection.send(request)
            _ = try connection.readResponse()
        }
        app.application.shutdown()
        let log = app.logs.text
        #expect(log.contains("/account"), "the access log recorded the requests: \(log)")
        for secret in [token, "QUERY-SECRET-123", "BEARER-SECRET-456", "BODY-SECRET-789"] {
            #expect(!log.contains(secret))
        }
    }

    /// A hand-off link's code is a secret in the path (issue #13, finding 15): the access log records the route
    /// that answered, whether the link is opened, opened again once used, or sent with a method it does not take.
    @Test func theAccessLogRecordsAHandoffLinksRouteNotItsCode() throws {
        let app = try TestApplication { $0.apps = TestApps.registry }
        try app.application.start()
        let path = try HandoffTests.path(of: try HandoffTests.handoff(app, mode: "signIn").url)
        let code = String(path.dropFirst("/handoff/".count))
        for method in ["GET", "GET", "POST"] {
            let connection = try RawConnection(port: app.application.port)
            try connection.send("\(method) \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
            _ = try connection.readResponse()
        }
        app.application.shutdown()
        let log = app.logs.text
        #expect(log.components(separatedBy: " path=/handoff/:code ").count - 1 == 3, "\(log)")
        #expect(!log.contains(code), "\(log)")
    }

    @Test func behindATLSProxyResponsesCarryHSTSAndSecureHostCookies() throws {
        // An https public URL is production: development mode refuses it, and production needs a mail server
        // (none is reached here, nothing is mailed).
        let app = try TestApplication {
            $0.publicURL = URL(string: "https://id.example.com")
            $0.development = false
            $0.smtpURL = "smtp://127.0.0.1:1"
        }
        try app.application.start()
        defer { app.application.shutdown() }
        let connection = try RawConnection(port: app.application.port)
        try connection.send("GET /sign-in?lang=ja HTTP/1.1\r\nHost: id.example.com\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(response.header("Strict-Transport-Security")?.contains("max-age=") == true)
        #expect(response.header("Set-Cookie")?.contains("Secure") == true)
    }

    @Test func limitsAndMalformedRequestsGetAClear4xxAndTheConnectionStaysUsable() throws {
        let app = try TestApplication()
        try app.application.start()
        defer { app.application.shutdown() }
        let port = app.application.port
        let cases: [(request: String, status: Int)] = [
            ("POST /sign-out HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000000\r\n\r\n", 413),
            ("GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET /no-such-page HTTP/1.1\r\nHost: x\r\n\r\n", 404),
            ("DELETE /sign-in HTTP/1.1\r\nHost: x\r\n\r\n", 405),
            ("GET /?lang=%E0%A4 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ]
        for (request, status) in cases {
            let connection = try RawConnection(port: port)
            try connection.send(request)
            let response = try #require(try connection.readResponse(), "\(request)")
            #expect(response.status == status, "\(request)")
            #expect(!response.text.isEmpty, "a 4xx says what was wrong")
            if status == 405 { #expect(response.header("Allow") != nil) }
            let after = try RawConnection(port: port)
            try after.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try after.readResponse()?.status == 200)
        }
    }

    /// SIGTERM while requests are in flight and the database is being written: every request the server
    /// accepted is answered in full, the process exits 0, and the database passes `PRAGMA integrity_check`.
    @Test func sigtermUnderLoadFinishesInFlightRequestsAndLeavesAnIntactDatabase() throws {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("vestibule-sigterm-\(UUID().uuidString)").path
        let server = try ServerProcess(arguments: ["serve", "--development", "--port", "0", "--data-dir", dataDirectory, "--log-level", "warning"])
        let databasePath = dataDirectory + "/vestibule.sqlite3"

        // Sessions last seen two minutes ago: each first visit to /account records activity, a write.
        let cookies = try withStore(at: databasePath) { store in
            let twoMinutesAgo = Date().addingTimeInterval(-120)
            let sessions = SessionManager(store: store, policy: SessionPolicy(), clock: { twoMinutesAgo })
            return try (0..<300).map { index in
                let account = Account(displayName: "Person \(index)", createdAt: twoMinutesAgo)
                try store.createAccount(account, identity: Identity(accountID: account.id, method: .apple, subject: "s\(index)", createdAt: twoMinutesAgo))
                return "vestibule_session=" + (try sessions.signIn(accountID: account.id, method: .apple, userAgent: "load", replacing: nil).token.value)
            }
        }

        // Requests held open mid-body across the signal: they are in flight when SIGTERM arrives. They carry
        // no session, so a complete answer is the redirect home that signing out of nothing gives.
        let slow = try (0..<4).map { _ in
            let connection = try RawConnection(port: server.port)
            try connection.send("POST /sign-out HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\n\r\ncsrf=")
            return connection
        }

        let load = LoadGenerator(port: server.port, cookies: cookies)
        load.start(workers: 6)
        try eventually("the load under way") { load.completedSoFar > 100 }
        server.signal(SIGTERM)
        // Draining: a new connection is closed unanswered. Only then do the held requests go on.
        try eventually("the server draining after SIGTERM") {
            guard let probe = try? RawConnection(port: server.port, timeout: 2) else { return true }
            _ = try? probe.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            return (try? probe.readResponse()) == nil
        }
        for connection in slow { try connection.send("12345") }
        let slowResponses = slow.map { try? $0.readResponse() }
        let status = server.stop()
        let result = load.finish()
        print("load under SIGTERM: \(result)")

        #expect(slowResponses.allSatisfy { $0?.status == 303 }, "in-flight requests completed: \(slowResponses.map { $0?.status })")
        #expect(status == 0, "graceful exit. Output:\n\(server.log)")
        #expect(result.completed > 100, "the load ran: \(result)")
        #expect(result.truncated == 0, "no accepted request was cut off: \(result)")
        #expect(try withStore(at: databasePath) { try $0.checkIntegrity() })
    }

    private func withStore<T>(at path: String, _ body: (any Store) throws -> T) throws -> T {
        let store = try SQLiteStore(path: path)
        defer { store.close() }
        return try body(store)
    }
}
