import Foundation
import Testing
import VestibuleAppTesting
import VestibuleHTTP
import VestibuleTesting

/// What a link can make a page say (issue #13, findings 5 and 12): request text an attacker writes into a URL
/// never becomes markup, and pages show the values the server itself holds.
@Suite struct ReflectedTextTests {
    /// Each markup character behind U+0600, a prepend character that joins the next one into its cluster.
    private static let refresh = "\u{0600}\"\u{0600}>\u{0600}<meta http-equiv=refresh content=0;url=https://evil.example/\u{0600}>"

    @Test(arguments: ["/verify-email?email=", "/reset-password/code?email=", "/sign-in?notice=apple-link&email="])
    func anAddressInTheQueryCannotAddAnElementToThePage(prefix: String) throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let page = try FormClient(app).get(prefix + Self.encoded(Self.refresh))
        #expect(page.status == .ok || page.status == .seeOther)
        #expect(page.body.firstRange(of: Array("<meta http-equiv".utf8)) == nil, "\(String(decoding: page.body, as: UTF8.self))")
        #expect(page.body.firstRange(of: Array("evil.example".utf8)) == nil, "nothing of the link is shown")
    }

    @Test func theCodePagesShowTheAddressThisBrowserSubmittedNotTheLinks() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        try browser.get("/sign-up")
        try browser.post("/sign-up", ["email": "ada@example.com", "password": "correct horse battery staple"])
        let verify = try browser.get("/verify-email?email=eve%40evil.example").text
        #expect(verify.contains("<bdi>ada@example.com</bdi>") && verify.contains(#"value="ada@example.com""#))
        #expect(!verify.contains("evil.example"))
        try browser.get("/reset-password")
        try browser.post("/reset-password", ["email": "grace@example.com"])
        let reset = try browser.get("/reset-password/code?email=eve%40evil.example").text
        #expect(reset.contains("<bdi>grace@example.com</bdi>") && !reset.contains("evil.example"))
        // A browser with no address of its own waiting starts over; it is never shown the link's.
        #expect(try FormClient(app).get("/verify-email?email=eve%40evil.example").headers["Location"] == "/sign-up")
        #expect(try FormClient(app).get("/reset-password/code?email=eve%40evil.example").headers["Location"] == "/reset-password")
    }

    @Test func theAppleLinkNoticeNamesTheAddressOfTheWaitingSignInNotTheLinks() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let browser = try app.browserWithWaitingAppleLink(email: "ada@example.com")
        let page = try browser.get("/sign-in?notice=apple-link&email=eve%40evil.example").text
        #expect(page.contains("An account with ada@example.com already exists."))
        #expect(page.contains(#"value="ada@example.com""#), "the address is filled in for the password")
        #expect(!page.contains("evil.example"))
    }

    /// `GET //evil.example/x`: a path whose first segment is empty would make a link built from it leave the site.
    @Test func theLanguageLinksOfAPageAtAPathLikeAnotherHostStayOnThisSite() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let page = try app.respond("//evil.example/x", headers: ["Accept": "text/html"])
        #expect(page.status == .notFound)
        let links = Self.links(in: page.text)
        #expect(links.contains { $0.hasSuffix("lang=ja") }, "the page has its language links")
        #expect(links.allSatisfy { !$0.hasPrefix("//") && !$0.contains("evil.example") }, "\(links)")
    }

    /// The `href` values of `html`, as written.
    static func links(in html: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
