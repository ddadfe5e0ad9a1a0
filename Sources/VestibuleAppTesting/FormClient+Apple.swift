import Foundation
public import VestibuleHTTP
import VestibuleHTTPClient
import VestibuleTesting

extension FormClient {
    /// Sign in with Apple as a browser goes through it, with the emulator's consent answered over plain HTTP:
    /// the start form, Apple's page, Apple's cross-site form POST to the callback (which carries no cookie of
    /// this browser), and the completion back in this browser. Returns the completion's answer.
    @discardableResult
    public func signInWithApple(appleID: String) throws -> Response {
        try finishSignInWithApple(try consentToSignInWithApple(appleID: appleID))
    }

    /// The first half of ``signInWithApple(appleID:)``: the start form and Apple's page, answered. Returns what
    /// Apple's page posts to the callback.
    public func consentToSignInWithApple(appleID: String) throws -> URLEncodedFields {
        try get("/sign-in")
        let start = try post("/apple/start", [:])
        guard let authorize = start.headers["Location"].flatMap({ URLComponents(string: $0) }) else {
            throw TestFailure("POST /apple/start answered \(start.status) without a place to go: \(start.text)")
        }
        guard let emulator = app.appleEmulatorOrigin else {
            throw TestFailure("this test application has no Apple ID emulator")
        }
        var consent = (authorize.queryItems ?? []).map { ($0.name, $0.value ?? "") }
        consent += [
            ("apple_id", appleID), ("first_name", "Grace"), ("last_name", "Hopper"), ("email_choice", "share"),
            ("action", "continue"),
        ]
        let answer = try HTTPClient(userAgent: "test").postForm(emulator + "/auth/authorize", fields: URLEncodedFields(consent))
        return URLEncodedFields(
            answer.text.matches(of: /<input type="hidden" name="([^"]*)" value="([^"]*)">/).map {
                (String($0.1), Self.entitiesDecoded(String($0.2)))
            }
        )
    }

    /// The second half of ``signInWithApple(appleID:)``: Apple's cross-site POST of `posted` to the callback, and
    /// the completion in this browser.
    public func finishSignInWithApple(_ posted: URLEncodedFields) throws -> Response {
        let callback = try app.respond(
            "/apple/callback", method: .post,
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Origin": app.appleEmulatorOrigin ?? ""],
            body: posted.encoded
        )
        guard let complete = callback.headers["Location"] else {
            throw TestFailure("POST /apple/callback answered \(callback.status): \(callback.text)")
        }
        return try get(complete)
    }

    /// The password sign-in form, filled and sent.
    @discardableResult
    public func signIn(email: String, password: String) throws -> Response {
        try get("/sign-in")
        return try post("/sign-in", ["email": email, "password": password])
    }

    /// Sets a cookie in this browser as a script or another site could: the attacker's plant.
    public func plant(cookie name: String, value: String) {
        var all = cookies
        all[name] = value
        adopt(cookies: all)
    }

    private static func entitiesDecoded(_ text: String) -> String {
        text.replacing("&quot;", with: "\"").replacing("&#39;", with: "'").replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }
}
