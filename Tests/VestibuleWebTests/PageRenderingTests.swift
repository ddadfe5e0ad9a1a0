import Foundation
import Testing
import VestibuleCore
import VestibuleHTML
@testable import VestibuleLocalization
@testable import VestibulePages

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

    @Test func arabicPagesReadRightToLeftAndGermanPagesLeftToRight() {
        for html in allPages(language: .arabic) {
            #expect(html.contains("<html lang=\"ar\" dir=\"rtl\">"))
        }
        for html in allPages(language: .german) {
            #expect(html.contains("<html lang=\"de\" dir=\"ltr\">"))
        }
    }

    /// The Content-Security-Policy forbids inline script and style; pages must not need them. The two
    /// scripts are external files, deferred.
    @Test(arguments: Language.allCases)
    func pagesHaveNoInlineScriptOrStyle(language: Language) {
        for html in allPages(language: language) {
            let scripts = html.components(separatedBy: "<script").count - 1
            #expect(scripts == 2)
            #expect(html.contains("<script src=\"/static/text-size.js\" defer></script>"))
            #expect(html.contains("<script src=\"/static/passkeys.js\" defer></script>"))
            #expect(!html.contains("<style"))
            #expect(!html.contains(" style="))
            #expect(!html.contains(" onclick="))
        }
    }

    /// The shared base stylesheet comes first, so that Vestibule's own rules override it.
    @Test func everyPageLinksTheBaseStylesheetBeforeVestibulesOwn() throws {
        for html in allPages(language: .english) {
            let base = try #require(html.range(of: "<link rel=\"stylesheet\" href=\"/static/base.css\">"))
            let own = try #require(html.range(of: "<link rel=\"stylesheet\" href=\"/static/vestibule.css\">"))
            #expect(base.upperBound < own.lowerBound)
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

    /// AUTH-11: a web page cannot know whether the device has Face ID, Touch ID or Optic ID, so no page
    /// names one; they say "passkey". (Native apps get the exact name from the API.)
    @Test(arguments: Language.allCases)
    func noPageNamesABiometryItCannotKnow(language: Language) {
        for html in allPages(language: language) {
            for name in ["Face ID", "Touch ID", "Optic ID"] {
                #expect(!html.contains(name), "\(name) in a \(language) page")
            }
        }
    }

    /// AUTH-8, AUTH-10: the sign-in page has one primary method, named on its button; the other waits behind
    /// "Other ways to sign in".
    @Test(arguments: Language.allCases)
    func signInLeadsWithOneNamedMethodAndKeepsTheOtherBehindOtherWays(language: Language) throws {
        let strings = try StringCatalog(language: language)
        let context = context(language: language)
        let passkeyFirst = SignInPage.render(in: context, benefits: "Sync", primary: .passkey).main.rendered
        let passwordFirst = SignInPage.render(in: context, benefits: "Sync", primary: .password).main.rendered
        let otherWays = try #require(passkeyFirst.range(of: "<details class=\"other-ways\""))
        #expect(try #require(passkeyFirst.range(of: strings.text(.signInWithPasskey))).lowerBound < otherWays.lowerBound)
        #expect(try #require(passkeyFirst.range(of: strings.text(.signInWithPassword))).lowerBound > otherWays.lowerBound)
        let otherWaysInPasswordFirst = try #require(passwordFirst.range(of: "<details class=\"other-ways\""))
        #expect(try #require(passwordFirst.range(of: strings.text(.signInWithPassword))).lowerBound < otherWaysInPasswordFirst.lowerBound)
        #expect(try #require(passwordFirst.range(of: strings.text(.signInWithPasskey))).lowerBound > otherWaysInPasswordFirst.lowerBound)
        #expect(passkeyFirst.contains("autocomplete=\"username webauthn\""))
        #expect(passwordFirst.contains("autocomplete=\"username webauthn\""))
    }

    /// LT-4, LT-6: every page has the text-size control, rendered `hidden` so that without JavaScript there
    /// are no dead buttons, with real buttons that show their full localized names and a live status.
    @Test(arguments: Language.allCases)
    func everyPageOffersTheTextSizeControlHiddenUntilTheScriptRuns(language: Language) throws {
        let strings = try StringCatalog(language: language)
        for html in allPages(language: language) {
            // The words are the catalog's; a Japanese page adds its phrase markup (PhraseBreaksTests).
            let control = try #require(element(in: html, from: "<div class=\"text-size\"", to: "</div>"))
                .withoutPhraseMarkup
            #expect(control.contains(" hidden>"))
            #expect(control.contains("role=\"group\" aria-label=\"\(HTML(text: strings.text(.textSizeLabel)))\""))
            #expect(control.contains("type=\"button\" data-text-size-smaller>\(HTML(text: strings.text(.textSizeSmaller)))</button>"))
            #expect(control.contains("type=\"button\" data-text-size-larger>\(HTML(text: strings.text(.textSizeLarger)))</button>"))
            #expect(control.contains("aria-live=\"polite\""))
            let status = HTML(text: strings.text(.textSizeStatus, ["percent": "100"]))
            #expect(control.contains("data-text-size-status>\(status)</span>"))
            let template = HTML(text: strings.text(.textSizeStatus))
            #expect(control.contains("data-status-template=\"\(template)\""))
            // It sits after the content, in a container that stacks it by container query, so the header stays
            // small at large sizes (SIWA-15).
            let header = try #require(element(in: html, from: "<header", to: "</header>"))
            #expect(!header.contains("data-text-size"))
            #expect(html.contains("<div class=\"page-controls\"><div class=\"text-size\""))
        }
    }

    /// The switch offers every other language, each by its own name and marked with its own `lang`.
    @Test(arguments: Language.allCases)
    func theLanguageSwitchListsEveryOtherLanguageInItself(language: Language) throws {
        let html = render(HomePage.render(in: context(language: language)), account: nil, language: language)
        let footer = try #require(element(in: html, from: "<footer", to: "</footer>"))
        for other in Language.allCases {
            let name = try StringCatalog(language: other).text(.languageName)
            let link = "lang=\"\(other.tag)\" hreflang=\"\(other.tag)\">\(name)</a>"
            #expect(footer.contains(link) == (other != language), "\(other) on the \(language) page")
        }
    }

    /// An email inside right-to-left text keeps its own direction, and stays escaped.
    @Test func interpolatedEmailsAreIsolatedAndEscaped() {
        let email = "<b>ada</b>@example.com"
        let arabic = context(language: .arabic)
        let verify = render(VerifyEmailPage.render(in: arabic, email: email), account: nil, language: .arabic)
        #expect(verify.contains("<bdi>&lt;b&gt;ada&lt;/b&gt;@example.com</bdi>"))
        #expect(!verify.contains("<b>ada"))
        let reset = render(
            ResetPasswordPage.renderCode(in: arabic, email: "ada@example.com", policy: PasswordPolicy()),
            account: nil,
            language: .arabic
        )
        #expect(reset.contains("<bdi>ada@example.com</bdi>"))
        let account = Account(displayName: nil, email: "ada@example.com", createdAt: Date())
        let home = render(HomePage.render(in: context(account: account, language: .arabic)), account: account, language: .arabic)
        #expect(home.contains("<bdi>ada@example.com</bdi>"))
    }

    @Test func isolatedTextEscapesTheCatalogTextAroundTheIsolatedValue() {
        let html = context().text(.verifyLead, isolating: "email", "x@example.com")
        #expect(html.rendered.hasPrefix("We&#39;ve sent an email to <bdi>x@example.com</bdi>. Enter the 6-digit code"))
    }

    @Test func signedInPagesCarryTheAntiForgeryTokenInEveryPostForm() {
        let account = Account(displayName: "Ada", createdAt: Date())
        let session = Session(
            accountID: account.id, tokenHash: [1], method: .apple, createdAt: Date(), lastSeenAt: Date(),
            expiresAt: Date().addingTimeInterval(60), userAgent: "Safari on iPhone"
        )
        let page = AccountPage.render(
            in: context(account: account), identities: [], passkeys: [], sessions: [session], currentSession: session.id
        )
        let html = render(page, account: account)
        let forms = html.components(separatedBy: "<form").count - 1
        let tokens = html.components(separatedBy: "name=\"csrf\" value=\"token\"").count - 1
        #expect(forms == 4, "the name, the session's revocation, \"This wasn't me\" and sign-out")
        #expect(tokens == forms)
    }

    /// The text from the first `start` to the first `end` after it, inclusive.
    private func element(in html: String, from start: String, to end: String) -> String? {
        guard let open = html.range(of: start), let close = html.range(of: end, range: open.upperBound..<html.endIndex)
        else { return nil }
        return String(html[open.lowerBound..<close.upperBound])
    }

    private func context(account: Account? = nil, language: Language = .english) -> PageContext {
        PageContext(
            localization: localization,
            language: language,
            account: account,
            csrfToken: "token"
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
            render(SignInPage.render(in: signedOut, benefits: "Sync", primary: .passkey), account: nil, language: language),
            render(SignInPage.render(in: signedOut, benefits: "Sync", primary: .password), account: nil, language: language),
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
                AccountPage.render(
                    in: signedIn, identities: [], passkeys: [Self.passkey(of: account)], sessions: [], currentSession: .random()
                ),
                account: account,
                language: language
            ),
            render(PasskeyOfferPage.render(in: signedIn), account: account, language: language),
            render(DeleteAccountPage.render(in: signedIn, signedInRecently: true), account: account, language: language),
            render(DeleteAccountPage.render(in: signedIn, signedInRecently: false), account: account, language: language),
            render(ErrorPage.render(status: 404, reference: "r", in: signedOut), account: nil, language: language),
            render(ErrorPage.render(status: 500, reference: "r", in: signedOut), account: nil, language: language),
        ]
    }

    /// A synced passkey that was used and once flagged, so every line of the passkey list renders.
    private static func passkey(of account: Account) -> PasskeyCredential {
        PasskeyCredential(
            id: [1, 2, 3], accountID: account.id, publicKey: [], signCount: 3, backupEligible: true, backedUp: true,
            transports: ["internal"], aaguid: [], name: "Chrome on macOS", createdAt: Date(), lastUsedAt: Date(),
            cloneWarningAt: Date()
        )
    }
}
