import Foundation
import VestibuleHTTP
import VestibuleMail

/// A minimal browser for in-process tests: keeps cookies, and posts forms with the anti-forgery token of
/// the last page it loaded, from the application's own origin.
final class FormClient {
    let app: TestApplication
    private(set) var cookies: [String: String] = [:]
    private(set) var lastPage = ""

    init(_ app: TestApplication) {
        self.app = app
    }

    @discardableResult
    func get(_ target: String, headers: HTTPHeaders = HTTPHeaders()) throws -> Response {
        let response = try app.respond(target, headers: withCookies(headers))
        remember(response)
        return response
    }

    @discardableResult
    func post(_ target: String, _ fields: [String: String], headers: HTTPHeaders = HTTPHeaders()) throws -> Response {
        var all = fields
        all["csrf"] = all["csrf"] ?? csrfToken(in: lastPage) ?? ""
        let body = all.map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }.joined(separator: "&")
        var headers = withCookies(headers)
        headers.replace("Content-Type", "application/x-www-form-urlencoded")
        headers.replace("Origin", app.application.configuration.origin)
        let response = try app.respond(target, method: .post, headers: headers, body: body)
        remember(response)
        return response
    }

    /// Takes over another client's cookies, as the same browser reaching another instance would.
    func adopt(cookies: [String: String]) {
        self.cookies = cookies
    }

    /// Signs up and confirms the address with the code from the outbox; the client ends signed in.
    func createPasswordAccount(email: String, password: String) throws {
        try get("/sign-up")
        try post("/sign-up", ["email": email, "password": password])
        let code = try app.waitForCode(to: email)
        try get("/verify-email?email=\(email)")
        let verified = try post("/verify-email", ["email": email, "code": code])
        guard verified.headers["Location"] == "/account?notice=welcome" else {
            throw TestFailure("verification failed: \(verified.status) \(verified.text)")
        }
    }

    private func withCookies(_ headers: HTTPHeaders) -> HTTPHeaders {
        var headers = headers
        if !cookies.isEmpty {
            headers.replace("Cookie", cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        return headers
    }

    private func remember(_ response: Response) {
        for header in response.headers.values(for: "Set-Cookie") {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            cookies[String(pair[0])] = pair[1].isEmpty ? nil : String(pair[1])
        }
        if response.headers["Content-Type"]?.hasPrefix("text/html") == true { lastPage = response.text }
    }

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension TestApplication {
    /// The newest six-digit code mailed to `email`, waiting for the background mail queue.
    func waitForCode(to email: String, timeout: TimeInterval = 5) throws -> String {
        let outbox = try OutboxMailer(directory: dataDirectory + "/outbox")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let message = try outbox.messages().first(where: { $0.to == email }),
               let range = message.subject.range(of: #"[0-9]{6}"#, options: .regularExpression) {
                return String(message.subject[range])
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TestFailure("no code mailed to \(email) within \(timeout) s")
    }
}
