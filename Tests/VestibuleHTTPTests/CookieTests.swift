import Testing
@testable import VestibuleHTTP

@Suite struct CookieTests {
    @Test func defaultsAreSafe() throws {
        let cookie = try Cookie(name: "session", value: "abc123")
        #expect(cookie.serialized == "session=abc123; Path=/; HttpOnly; Secure; SameSite=Lax")
    }

    @Test func removalExpiresTheCookie() throws {
        #expect(try Cookie.removal(of: "session").serialized == "session=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax")
    }

    @Test func setCookieAddsOneFieldPerCookie() throws {
        var response = Response.text("ok")
        response.setCookie(try Cookie(name: "a", value: "1", maxAge: 60, sameSite: .strict))
        response.setCookie(try Cookie(name: "b", value: "2", httpOnly: false, secure: false))
        #expect(response.headers.values(for: "Set-Cookie") == [
            "a=1; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=Strict", "b=2; Path=/; SameSite=Lax",
        ])
    }

    @Test(arguments: [
        ("", "v", "/", true, Cookie.SameSite.lax), ("a b", "v", "/", true, .lax), ("a;", "v", "/", true, .lax),
        ("a", "v; Domain=evil.example", "/", true, .lax), ("a", "v\r\nX-Injected: 1", "/", true, .lax),
        ("a", "v,w", "/", true, .lax), ("a", "v", "relative", true, .lax), ("a", "v", "/x;y", true, .lax),
        ("__Host-id", "v", "/", false, .lax), ("__Host-id", "v", "/sub", true, .lax), ("a", "v", "/", false, .none),
    ])
    func unsafeCookiesAreRejected(name: String, value: String, path: String, secure: Bool, sameSite: Cookie.SameSite) {
        #expect(throws: CookieError.self) {
            try Cookie(name: name, value: value, path: path, secure: secure, sameSite: sameSite)
        }
    }
}
