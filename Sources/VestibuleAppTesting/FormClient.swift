public import Foundation
public import VestibuleHTTP
import VestibuleTesting

/// A minimal browser for in-process tests: keeps cookies, and posts forms with the anti-forgery token of
/// the last page it loaded, from the application's own origin.
///
/// Use it from one thread: it keeps the page and cookies of the last exchange.
public final class FormClient {
    public let app: TestApplication
    private var jar = CookieJar()
    public private(set) var lastPage = ""
    /// The client address the application sees (behind a proxy, the one it forwards).
    public var remoteAddress = "127.0.0.1"
    public var cookies: [String: String] { jar.cookies }

    public init(_ app: TestApplication) {
        self.app = app
    }

    @discardableResult
    public func get(_ target: String, headers: HTTPHeaders = HTTPHeaders()) throws -> Response {
        let response = try app.respond(target, headers: withCookies(headers), remoteAddress: remoteAddress)
        remember(response)
        return response
    }

    /// Posts `fields` with the anti-forgery token of the last page, unless `fields` has its own `csrf`.
    @discardableResult
    public func post(_ target: String, _ fields: [String: String], headers: HTTPHeaders = HTTPHeaders()) throws -> Response {
        var all = fields
        all["csrf"] = all["csrf"] ?? csrfToken(in: lastPage) ?? ""
        let body = FormBody.encode(all)
        var headers = withCookies(headers)
        headers.replace("Content-Type", "application/x-www-form-urlencoded")
        headers.replace("Origin", app.application.configuration.origin)
        let response = try app.respond(target, method: .post, headers: headers, body: body, remoteAddress: remoteAddress)
        remember(response)
        return response
    }

    /// Takes over another client's cookies, as the same browser reaching another instance would.
    public func adopt(cookies: [String: String]) {
        jar = CookieJar(cookies)
    }

    /// Signs up and confirms the address with the code from the outbox; the client ends signed in.
    public func createPasswordAccount(email: String, password: String) throws {
        try get("/sign-up")
        try post("/sign-up", ["email": email, "password": password])
        let code = try app.waitForCode(to: email)
        try get("/verify-email")
        let verified = try post("/verify-email", ["email": email, "code": code])
        guard verified.headers["Location"] == "/welcome" else {
            throw TestFailure("verification failed: \(verified.status) \(verified.text)")
        }
    }

    private func withCookies(_ headers: HTTPHeaders) -> HTTPHeaders {
        var headers = headers
        if let cookie = jar.header { headers.replace("Cookie", cookie) }
        return headers
    }

    private func remember(_ response: Response) {
        jar.remember(response.headers.values(for: "Set-Cookie"))
        if response.headers["Content-Type"]?.hasPrefix("text/html") == true { lastPage = response.text }
    }
}

extension TestApplication {
    /// The newest six-digit code mailed to `email`, waiting for the background mail queue.
    public func waitForCode(to email: String, timeout: TimeInterval = 5) throws -> String {
        try MailedCode.wait(for: email, inDataDirectories: [dataDirectory], timeout: timeout)
    }
}
