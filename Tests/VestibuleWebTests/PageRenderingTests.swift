import Foundation
import Testing
import VestibuleCore
@testable import VestibuleWeb

@Suite struct PageRenderingTests {
    let localization: Localization

    init() throws {
        localization = try Localization()
    }

    @Test func interpolatedTextIsEscaped() {
        let name = "<script>alert('x')</script> & \"friends\""
        let html: HTML = "<p title=\"\(name)\">\(name)</p>"
        #expect(!html.rendered.contains("<script>"))
        #expect(html.rendered.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;friends&quot;"))
    }

    @Test func aHostileDisplayNameIsRenderedAsText() {
        let account = Account(displayName: "<img src=x onerror=alert(1)>", createdAt: Date())
        let html = render(HomePage.render(in: context(account: account)), account: account)
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test(arguments: Language.allCases)
    func everyPageDeclaresItsLanguageAndDirection(language: Language) {
        for html in allPages(language: language) {
            #expect(html.contains("<html lang=\"\(language.tag)\" dir=\"\(language.direction)\">"))
        }
    }

    /// The Content-Security-Policy forbids inline script and style; pages must not need them.
    @Test(arguments: Language.allCases)
    func pagesHaveNoInlineScriptOrStyle(language: Language) {
        for html in allPages(language: language) {
            #expect(!html.contains("<script"))
            #expect(!html.contains("<style"))
            #expect(!html.contains(" style="))
            #expect(!html.contains(" onclick="))
        }
    }

    /// AUTH-13: no glyph that looks like the system Face ID or Touch ID symbols.
    @Test(arguments: Language.allCases)
    func pagesContainNoBiometricGlyphs(language: Language) {
        for html in allPages(language: language) {
            #expect(!html.contains("<svg"))
            #expect(!html.contains("<img"))
            #expect(!html.localizedCaseInsensitiveContains("faceid"))
            #expect(!html.localizedCaseInsensitiveContains("touchid"))
        }
    }

    @Test func signedInPagesCarryTheAntiForgeryTokenInEveryPostForm() {
        let account = Account(displayName: "Ada", createdAt: Date())
        let session = Session(
            accountID: account.id, tokenHash: [1], method: .apple, createdAt: Date(), lastSeenAt: Date(),
            expiresAt: Date().addingTimeInterval(60), userAgent: "Safari on iPhone"
        )
        let page = AccountPage.render(
            in: context(account: account), identities: [], sessions: [session], currentSession: session.id
        )
        let html = render(page, account: account)
        let forms = html.components(separatedBy: "<form").count - 1
        let tokens = html.components(separatedBy: "name=\"csrf\" value=\"token\"").count - 1
        #expect(forms == 2)
        #expect(tokens == forms)
    }

    private func context(account: Account? = nil, language: Language = .english) -> PageContext {
        PageContext(
            localization: localization,
            language: language,
            account: account,
            csrfToken: "token",
            path: "/"
        )
    }

    private func render(_ page: Page, account: Account?, language: Language = .english) -> String {
        Layout.render(page, in: context(account: account, language: language)).rendered
    }

    private func allPages(language: Language) -> [String] {
        let account = Account(displayName: "Ada", email: "ada@privaterelay.appleid.com", createdAt: Date())
        let signedOut = context(language: language)
        let signedIn = context(account: account, language: language)
        return [
            render(HomePage.render(in: signedOut), account: nil, language: language),
            render(HomePage.render(in: signedIn), account: account, language: language),
            render(SignInPage.render(in: signedOut, benefits: "Sync"), account: nil, language: language),
            render(SignUpPage.render(in: signedOut, policy: PasswordPolicy()), account: nil, language: language),
            render(VerifyEmailPage.render(in: signedOut, email: "a@example.com"), account: nil, language: language),
            render(ResetPasswordPage.renderRequest(in: signedOut), account: nil, language: language),
            render(
                ResetPasswordPage.renderCode(in: signedOut, email: "a@example.com", policy: PasswordPolicy()),
                account: nil,
                language: language
            ),
            render(ChangePasswordPage.render(in: signedIn, policy: PasswordPolicy()), account: account, language: language),
            render(
                AccountPage.render(in: signedIn, identities: [], sessions: [], currentSession: .random()),
                account: account,
                language: language
            ),
            render(ErrorPage.render(status: 404, reference: "r", in: signedOut), account: nil, language: language),
            render(ErrorPage.render(status: 500, reference: "r", in: signedOut), account: nil, language: language),
        ]
    }
}
