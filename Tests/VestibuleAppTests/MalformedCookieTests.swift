import Testing
import VestibuleAppTesting
import VestibuleHTTP

/// Finding 11 of issue #13: a sibling subdomain could sign people out for good by setting one cookie whose pair
/// Vestibule could not parse, since that discarded every cookie of the request.
@Suite struct MalformedCookieTests {
    @Test(arguments: ["planted", #"planted=a"b"#, #"planted=a\b"#, "planted=a,b", "planted=é", "=planted"])
    func aSignedInPersonStaysSignedInBesideAMalformedCookie(pair: String) throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, session) = try app.signIn()
        for cookie in ["\(pair); \(session)", "\(session); \(pair)"] {
            let page = try app.respond("/account", headers: ["Cookie": cookie])
            #expect(page.status == .ok, "\(cookie) was answered \(page.status.code) \(page.headers["Location"] ?? "")")
        }
    }
}
