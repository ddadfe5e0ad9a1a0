import Foundation
import Testing
import VestibuleHTTP
import VestibuleHTTPClient
import VestibuleTesting
import Synchronization

@Suite struct HTTPClientTests {
    private let client = HTTPClient(userAgent: "Vestibule-Tests/1.0 (+https://vestibule.example)", timeout: .seconds(5))

    @Test func getReturnsStatusHeadersAndBodyAndSendsTheUserAgent() throws {
        let server = try LocalServer { router in
            router.get("/keys") { request in
                var response = Response.text("agent=\(request.headers["User-Agent"] ?? "none") q=\(request.query["q"] ?? "")")
                response.headers.add("X-Custom", "one")
                response.headers.add("X-Custom", "two")
                return response
            }
        }
        defer { server.stop() }
        let response = try client.get(server.url("/keys?q=a%20b"))
        #expect(response.status == 200)
        #expect(response.text == "agent=Vestibule-Tests/1.0 (+https://vestibule.example) q=a b")
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(response.headers.values(for: "X-Custom") == ["one", "two"])
        #expect(server.requests.first?.headers["Expect"] == nil)
    }

    @Test func postFormSendsFieldsThatTheServerDecodesUnchanged() throws {
        let server = try LocalServer { router in
            router.post("/token") { request in
                let form = try request.form()
                return .text(form.map { "\($0.name)=\($0.value)" }.joined(separator: "\n"))
            }
        }
        defer { server.stop() }
        let fields = URLEncodedFields([
            ("grant_type", "authorization_code"), ("code", "c0.a+b/c=d&e"), ("name", "Zoë 和子 ~*-._"), ("empty", ""),
        ])
        let response = try client.postForm(server.url("/token"), fields: fields)
        #expect(response.status == 200)
        #expect(response.text == "grant_type=authorization_code\ncode=c0.a+b/c=d&e\nname=Zoë 和子 ~*-._\nempty=")
        #expect(server.requests.first?.headers["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test func everyMethodArrivesWithItsBody() throws {
        let server = try LocalServer { router in
            let echo: Handler = { request in .text("\(request.method) \(request.headers["Content-Type"] ?? "-") \(request.body.count)") }
            router.post("/echo", echo)
            router.put("/echo", echo)
            router.delete("/echo", echo)
            router.get("/echo", echo)
        }
        defer { server.stop() }
        let json = Array(#"{"payload":"x"}"#.utf8)
        #expect(try client.postJSON(server.url("/echo"), body: json).text == "POST application/json 15")
        #expect(try client.send(HTTPClientRequest(method: .put, url: server.url("/echo"), body: [1, 0, 2])).text == "PUT - 3")
        #expect(try client.send(HTTPClientRequest(method: .delete, url: server.url("/echo"))).text == "DELETE - 0")
        #expect(try client.send(HTTPClientRequest(method: .post, url: server.url("/echo"))).text == "POST - 0")
        let head = try client.send(HTTPClientRequest(method: .head, url: server.url("/echo")))
        #expect(head.status == 200 && head.body.isEmpty)
    }

    @Test func errorStatusesAreResponsesNotErrors() throws {
        let server = try LocalServer { router in
            router.post("/auth/token") { _ in
                Response(status: .badRequest, headers: ["Content-Type": "application/json"], body: Array(#"{"error":"invalid_grant"}"#.utf8))
            }
        }
        defer { server.stop() }
        let response = try client.postForm(server.url("/auth/token"), fields: URLEncodedFields([("code", "x")]))
        #expect(response.status == 400)
        #expect(response.text == #"{"error":"invalid_grant"}"#)
        #expect(try client.get(server.url("/missing")).status == 404)
    }

    @Test func aRedirectIsReturnedAndNotFollowed() throws {
        let server = try LocalServer { router in
            router.post("/moved") { _ in .redirect(to: "/elsewhere", status: .found) }
            router.post("/elsewhere") { _ in .text("followed") }
        }
        defer { server.stop() }
        let response = try client.postForm(server.url("/moved"), fields: URLEncodedFields([("client_secret", "s")]))
        #expect(response.status == 302)
        #expect(response.headers["Location"] == "/elsewhere")
        #expect(server.requests.map(\.path) == ["/moved"])
    }

    @Test func aResponseOverTheLimitFailsBeforeItsBodyIsRead() throws {
        let server = try LocalServer { router in
            router.get("/big") { _ in .text(String(repeating: "x", count: 5000)) }
        }
        defer { server.stop() }
        let small = HTTPClient(userAgent: "Vestibule-Tests/1.0", maxResponseBytes: 4096)
        let error = try #require(throws: HTTPClientError.self) { try small.get(server.url("/big")) }
        #expect(error.code == .responseTooLarge)
        #expect(try HTTPClient(userAgent: "Vestibule-Tests/1.0", maxResponseBytes: 5000).get(server.url("/big")).body.count == 5000)
    }

    @Test func aServerSlowerThanTheTimeoutFailsWithTimeout() throws {
        let server = try LocalServer { router in
            router.get("/slow") { _ in
                Thread.sleep(forTimeInterval: 2)  // the slow server under test, not synchronisation
                return .text("late")
            }
        }
        defer { server.stop() }
        let impatient = HTTPClient(userAgent: "Vestibule-Tests/1.0", timeout: .milliseconds(300))
        let started = ContinuousClock.now
        let error = try #require(throws: HTTPClientError.self) { try impatient.get(server.url("/slow")) }
        #expect(error.code == .timeout)
        #expect(ContinuousClock.now - started < .seconds(1.5))
    }

    @Test func aFailureNamesMethodAndOriginButNeverPathQueryOrBody() throws {
        // Held and never listened on, for as long as the test uses it: connections are refused.
        let nowhere = try PortReservation()
        defer { withExtendedLifetime(nowhere) {} }
        let port = nowhere.port
        let secret = "eyJhbGciOiJFUzI1NiJ9.secret-client-secret"
        let error = try #require(throws: HTTPClientError.self) {
            try client.postForm(
                "http://127.0.0.1:\(port)/auth/token?code=c-secret-code", fields: URLEncodedFields([("client_secret", secret)])
            )
        }
        #expect(error.code == .connection)
        #expect(error.curlCode != nil)
        #expect(error.message.hasPrefix("POST http://127.0.0.1:\(port) failed: "))
        for leaked in ["secret", "c-secret-code", "/auth/token"] {
            #expect(!error.description.contains(leaked))
        }
    }

    @Test(arguments: [
        HTTPClientRequest(method: .get, url: "ftp://127.0.0.1/file"),
        HTTPClientRequest(method: .get, url: "file:///etc/passwd"),
        HTTPClientRequest(method: .get, url: "http://user:password@127.0.0.1/"),
        HTTPClientRequest(method: .get, url: "http://127.0.0.1/a b"),
        HTTPClientRequest(method: .get, url: "http:///path"),
        HTTPClientRequest(method: .get, url: "http://127.0.0.1/", headers: ["X-Injected": "a\r\nX-Other: b"]),
        HTTPClientRequest(method: .get, url: "http://127.0.0.1/", headers: ["Bad Name": "a"]),
        HTTPClientRequest(method: .post, url: "http://127.0.0.1/", headers: ["Content-Length": "1"], body: [1, 2]),
        HTTPClientRequest(method: HTTPMethod(rawValue: "GET /x HTTP/1.1\r\n"), url: "http://127.0.0.1/"),
    ])
    func anUnsendableRequestIsRefusedBeforeAnythingIsSent(request: HTTPClientRequest) throws {
        let error = try #require(throws: HTTPClientError.self) { try client.send(request) }
        #expect(error.code == .invalidRequest)
        #expect(error.curlCode == nil)
        #expect(!error.description.contains("password"))
    }

    @Test func anEmptyUserAgentIsRefused() throws {
        let error = try #require(throws: HTTPClientError.self) {
            try HTTPClient(userAgent: "").get("http://127.0.0.1:1/")
        }
        #expect(error.code == .invalidRequest)
    }

    @Test func oneClientServesConcurrentRequests() throws {
        let server = try LocalServer { router in
            router.get("/n/:n") { request in .text(request.pathParameters["n"] ?? "") }
        }
        defer { server.stop() }
        let client = client
        let answers = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let text = (try? client.get(server.url("/n/\(index)")).text) ?? "failed"
            answers.withLock { $0.append(text) }
        }
        #expect(answers.withLock { Set($0) } == Set((0..<16).map(String.init)))
    }
}

@Suite(.enabled(if: TLSTestServer.isAvailable, "needs the openssl command"))
struct HTTPClientTLSTests {
    @Test func aCertificateNoTrustAnchorVouchesForFailsWithTLS() throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        let error = try #require(throws: HTTPClientError.self) {
            try HTTPClient(userAgent: "Vestibule-Tests/1.0").get("https://127.0.0.1:\(server.port)/")
        }
        #expect(error.code == .tls)
    }

    @Test func aTrustedCertificateIsCheckedAgainstTheHostName() throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        let client = HTTPClient(userAgent: "Vestibule-Tests/1.0", caCertificateFile: server.certificateFile)
        #expect(try client.get("https://localhost:\(server.port)/").status == 200)
        // The certificate names localhost only: the same server reached by its address is not the host it vouches for.
        let error = try #require(throws: HTTPClientError.self) { try client.get("https://127.0.0.1:\(server.port)/") }
        #expect(error.code == .tls)
    }

    @Test func aBodyOfUnknownLengthStopsAtTheLimit() throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        let client = HTTPClient(userAgent: "Vestibule-Tests/1.0", maxResponseBytes: 64, caCertificateFile: server.certificateFile)
        let error = try #require(throws: HTTPClientError.self) { try client.get("https://localhost:\(server.port)/") }
        #expect(error.code == .responseTooLarge)
        #expect(error.message.contains("larger than 64 bytes"))
    }
}
