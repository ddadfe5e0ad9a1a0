import Foundation
public import VestibuleTesting

/// A minimal browser over real sockets, for `vestibule serve` processes and the proxy in front of them:
/// keeps cookies, posts forms from the site's origin with the anti-forgery token of the last page it loaded,
/// and connects from its own loopback address, so that the server's idea of the client can be checked.
///
/// Requests never throw: a refused or cut-off request is an ``Exchange`` without a response, kept for the
/// test to judge. Each carries a unique `X-Test-Tag` header to find it in the proxy's access log. One
/// connection per request (`Connection: close`), as a load balancer sees many clients. Use it from one thread.
public final class SocketBrowser {
    /// One request, what came back, and when.
    public struct Exchange: Sendable {
        public let method: String
        public let target: String
        public let tag: String
        public let started: ContinuousClock.Instant
        public let ended: ContinuousClock.Instant
        /// Nil when no complete response arrived: connection refused, reset or closed early, timed out.
        public let response: RawConnection.Response?

        public var status: Int? { response?.status }
        /// The id the instance that answered gave the request (and logged it under); none from nginx itself.
        public var requestID: String? { response?.header("X-Request-ID") }
        public var location: String? { response?.header("Location") }
        public var text: String { response?.text ?? "" }
    }

    public let port: Int
    public let origin: String
    public let source: String
    private let name: String
    private var jar = CookieJar()
    public private(set) var lastPage = ""
    private var sent = 0

    /// - Parameters:
    ///   - port: where to connect on 127.0.0.1 (the proxy, or one instance).
    ///   - origin: the site's public origin, sent as `Origin` with forms.
    ///   - source: the loopback address to connect from (`127.0.0.2`…).
    ///   - name: the prefix of this browser's request tags, unique among the browsers of a test.
    public init(port: Int, origin: String, source: String = "127.0.0.1", name: String) {
        self.port = port
        self.origin = origin
        self.source = source
        self.name = name
    }

    public subscript(cookie name: String) -> String? {
        get { jar[name] }
        set { jar[name] = newValue }
    }

    @discardableResult
    public func get(_ target: String, headers: [String: String] = [:]) -> Exchange {
        send("GET", target, headers: headers)
    }

    /// Posts `fields` with the anti-forgery token of the last page, unless `fields` has its own `csrf`.
    @discardableResult
    public func post(_ target: String, _ fields: [String: String]) -> Exchange {
        var all = fields
        all["csrf"] = all["csrf"] ?? csrfToken(in: lastPage) ?? ""
        let headers = ["Content-Type": "application/x-www-form-urlencoded", "Origin": origin]
        return send("POST", target, headers: headers, body: FormBody.encode(all))
    }

    /// Signs up and confirms the address with the code from whichever instance's outbox got it; the browser
    /// ends signed in.
    public func createPasswordAccount(email: String, password: String, dataDirectories: [String]) throws {
        try get("/sign-up").expect(200)
        try post("/sign-up", ["email": email, "password": password]).expect(303)
        let code = try MailedCode.wait(for: email, inDataDirectories: dataDirectories)
        try get("/verify-email").expect(200)
        let verified = post("/verify-email", ["email": email, "code": code])
        guard verified.location == "/welcome" else {
            throw TestFailure("verification failed: \(verified.status.map(String.init) ?? "no response") \(verified.text)")
        }
    }

    /// Sends any request with this browser's cookies, as an app calling the JSON API does (`body` as given, its
    /// `Content-Length` set for every method but GET).
    public func send(_ method: String, _ target: String, headers: [String: String], body: String = "") -> Exchange {
        sent += 1
        let tag = "\(name)-\(sent)"
        var head = "\(method) \(target) HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n"
        head += "\(NginxTestServer.tagHeader): \(tag)\r\n"
        if let cookie = jar.header { head += "Cookie: \(cookie)\r\n" }
        for (field, value) in headers { head += "\(field): \(value)\r\n" }
        if method != "GET" { head += "Content-Length: \(body.utf8.count)\r\n" }
        let started = ContinuousClock.now
        let response: RawConnection.Response? = {
            guard let connection = try? RawConnection(port: port, timeout: 10, from: source),
                (try? connection.send(head + "\r\n" + body)) != nil
            else { return nil }
            return try? connection.readResponse()
        }()
        if let response {
            jar.remember(response.headers.filter { $0.0.lowercased() == "set-cookie" }.map(\.1))
            if response.header("Content-Type")?.hasPrefix("text/html") == true { lastPage = response.text }
        }
        return Exchange(method: method, target: target, tag: tag, started: started, ended: .now, response: response)
    }
}

extension SocketBrowser.Exchange {
    /// Throws unless the response arrived with `status`.
    @discardableResult
    public func expect(_ status: Int) throws -> Self {
        guard self.status == status else {
            throw TestFailure("\(method) \(target): expected \(status), got \(self.status.map(String.init) ?? "no response")")
        }
        return self
    }
}
