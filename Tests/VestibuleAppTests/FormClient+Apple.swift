import Foundation
import Testing
import VestibuleHTTP
import VestibuleHTTPClient
import VestibuleTesting

extension FormClient {
    /// Sign in with Apple as a browser goes through it, with the emulator's consent answered over plain HTTP:
    /// the start form, Apple's page, Apple's cross-site form POST to the callback (which carries no cookie of
    /// this browser), and the completion back in this browser. Returns the completion's answer.
    @discardableResult
    func signInWithApple(appleID: String) throws -> Response {
        try get("/sign-in")
        let start = try post("/apple/start", [:])
        let authorize = try #require(start.headers["Location"].flatMap { URLComponents(string: $0) })
        let emulator = try #require(app.appleEmulatorOrigin)
        var consent = (authorize.queryItems ?? []).map { ($0.name, $0.value ?? "") }
        consent += [
            ("apple_id", appleID), ("first_name", "Grace"), ("last_name", "Hopper"), ("email_choice", "share"),
            ("action", "continue"),
        ]
        let answer = try HTTPClient(userAgent: "test").postForm(emulator + "/auth/authorize", fields: URLEncodedFields(consent))
        let posted = answer.text.matches(of: /<input type="hidden" name="([^"]*)" value="([^"]*)">/).map {
            (String($0.1), Self.entitiesDecoded(String($0.2)))
        }
        let callback = try app.respond(
            "/apple/callback", method: .post,
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Origin": emulator],
            body: URLEncodedFields(posted).encoded
        )
        let complete = try #require(callback.headers["Location"], "\(callback.status) \(callback.text)")
        return try get(complete)
    }

    /// The password sign-in form, filled and sent.
    @discardableResult
    func signIn(email: String, password: String) throws -> Response {
        try get("/sign-in")
        return try post("/sign-in", ["email": email, "password": password])
    }

    /// Sets a cookie in this browser as a script or another site could: the attacker's plant.
    func plant(cookie name: String, value: String) {
        var all = cookies
        all[name] = value
        adopt(cookies: all)
    }

    private static func entitiesDecoded(_ text: String) -> String {
        text.replacing("&quot;", with: "\"").replacing("&#39;", with: "'").replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }
}
