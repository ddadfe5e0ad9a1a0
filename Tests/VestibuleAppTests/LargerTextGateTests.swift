import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleAudit
import VestibuleCore
import VestibuleTesting
import VestibuleJSON
import VestibuleWebDriver

/// The Larger Text gate (LT-1, LT-2, LT-7, LT-8, LT-10, LT-12): every Vestibule page, signed out and signed in,
/// in English, Japanese, German and Arabic, at every step of the ladder (100…312 %) and every viewport
/// (including the 320×256 reflow case), with zero findings.
@Suite(.serialized) struct LargerTextGateTests {
    @Test(.enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
    func everyPageStaysReadableAtEveryTextSizeInEveryLanguage() throws {
        // A data policy with every kind of control: a consent, a country list, a phone number and a date.
        // The clock stands still: a Sign in with Apple waits 15 minutes to be added, and the gate takes longer.
        let (app, port) = try TestApplication.startedOnLocalhost(clock: TestClock()) {
            $0.dataPolicy = ShopPolicy.policy
            $0.apps = AppRegistry(TestApps.registry.apps + [OpenIDRelyingParty.app()])
        }
        defer { app.application.shutdown() }
        let base = "http://localhost:\(port)"

        // A signed-in browser, and one email in the development outbox so that page has content.
        let (account, cookie) = try app.signIn(userAgent: "Safari on iPhone (a long device description that must wrap)")
        try app.addPasskey(to: account, name: "Safari on iPad, the one in the kitchen drawer", flagged: true)
        // The longest Apple text: relay forwarding turned off (SIWA-12). The required fields and a phone number
        // given, so "Your data" lists them and the account page offers the birth date.
        try app.withStore { store in
            let subject = try #require(try store.appleIdentities(of: account.id).first).subject
            try store.setAppleEmailForwarding(subject: subject, disabledAt: Date(), at: Date())
            let fields = AccountFields(policy: ShopPolicy.policy, store: store, clock: { Date() })
            try fields.give(DataField.acceptedValue, for: "terms", of: account.id)
            try fields.give("AE", for: "country", of: account.id)
            try fields.give("+971 50 123 4567", for: "phone", of: account.id)
            // An OpenID app allowed everything, for the apps section of "Your data".
            try store.saveOpenIDConsent(
                OpenIDConsent(accountID: account.id, appID: "portal", scopes: OpenIDScope.allCases, grantedAt: Date())
            )
            // "Recent activity" and the console's events with their longest texts: an IPv6 network, a long device,
            // a long passkey name, an app's name, an operator's action.
            let events: [(AuditEvent.Kind, AuditEvent.Outcome, String?, String?)] = [
                (.signIn, .failed, nil, nil), (.passkeyAdded, .succeeded, "Safari on iPad, the one in the kitchen drawer", nil),
                (.consentGiven, .succeeded, "openid profile email", "portal"), (.signedOutEverywhere, .succeeded, nil, nil),
            ]
            for (kind, outcome, detail, appID) in events {
                try store.insertAuditEvent(
                    AuditEvent(
                        occurredAt: Date(), kind: kind, outcome: outcome, accountID: account.id, method: .password, appID: appID,
                        detail: detail, clientAddress: "2001:db8:1234::/48",
                        userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1",
                        operatorID: kind == .signedOutEverywhere ? account.id : nil
                    )
                )
            }
            // An operator: the account page links to the console, which the gate reads too.
            try store.addOperator(account.id, at: Date())
        }
        let session = cookie.split(separator: "=", maxSplits: 1).map(String.init)
        // The same account signed in an hour ago: deleting it asks to sign in again first.
        let staleSession = try app.signIn(to: account, at: Date().addingTimeInterval(-3600)).cookie
            .split(separator: "=", maxSplits: 1).map(String.init)
        // A document an app saved, named as long as a name can be without a break, for "Your data".
        try APIClient(app: app, bearer: session[1]).create(String(repeating: "reading-list.", count: 4) + "2026", "{}")
        // Someone who just signed up with a long address and no name: the welcome page asks the required fields.
        let newcomer = Account(email: "katherine.johnson.with.a.long.address@example.com", createdAt: Date())
        try app.withStore { store in
            try store.createAccount(
                newcomer, identity: Identity(accountID: newcomer.id, method: .password, subject: newcomer.email ?? "", createdAt: Date())
            )
        }
        let newcomerSession = try app.signIn(to: newcomer).cookie.split(separator: "=", maxSplits: 1).map(String.init)
        // A hand-off with a guest, opened by the signed-in browser: `/continue` asks before anything happens.
        let (guest, _) = try APIClient(app: app, appKey: TestApps.shopKey).newGuest()
        try guest.create("cart", "[]")
        let handoff = try guest.post("/api/v1/handoffs", #"{"returnTo":"\#(TestApps.shopOrigin)/back","mode":"signIn"}"#)
        let handoffBrowser = FormClient(app)
        handoffBrowser.adopt(cookies: [session[0]: session[1]])
        try handoffBrowser.get(try HandoffTests.path(of: try #require(handoff.json["url"]?.stringValue)))
        let pendingHandoff = try #require(handoffBrowser.cookies["vestibule_handoff"])
        // An OpenID app asking again for everything (`prompt=consent`, as it was allowed above): the consent page.
        try handoffBrowser.get(
            OpenIDRelyingParty(app: app).authorizationPath(["scope": "openid profile email offline_access", "prompt": "consent"])
        )
        let waitingAuthorization = try #require(handoffBrowser.cookies["vestibule_authorization"])
        // A Sign in with Apple whose email is a password account's, waiting in the browser that then signed in to
        // that account: `/account/apple/link` asks before adding it. Its cookies bind it to that browser (visitor)
        // and account (session).
        let linkingEmail = "ada.lovelace.with.a.long.address@example.com"
        try FormClient(app).createPasswordAccount(email: linkingEmail, password: "a long passphrase to sign in")
        let linkingBrowser = FormClient(app)
        try linkingBrowser.signInWithApple(appleID: linkingEmail)
        try linkingBrowser.signIn(email: linkingEmail, password: "a long passphrase to sign in")
        #expect(try linkingBrowser.get("/account/apple/link").status == .ok)
        let linkingCookies = linkingBrowser.cookies.map { (name: $0.key, value: $0.value) }
        // A recovery link for that account, which has a password: the page offers a passkey and a new password.
        let recoveryToken = try app.withStore { store in
            let id = try #require(try store.identity(method: .password, subject: linkingEmail)?.accountID)
            return try RecoveryLinks(store: store, clock: { Date() }).create(for: id)
        }
        let visitor = FormClient(app)
        try visitor.get("/sign-up")
        try visitor.post("/sign-up", ["email": "grace.hopper.with.a.long.address@example.com", "password": "a long passphrase to sign up"])
        _ = try app.waitForCode(to: "grace.hopper.with.a.long.address@example.com")
        // The code pages show the address the browser's own sign-up left in its cookie.
        let pendingAddress = [(name: "vestibule_address", value: try #require(visitor.cookies["vestibule_address"]))]
        let appleLink = try app.browserWithWaitingAppleLink(email: "charles.babbage.with.a.long.address@example.com")
            .cookies.map { (name: $0.key, value: $0.value) }

        let signedOut = [
            "/", "/sign-in", "/sign-up", "/reset-password", "/no-such-page", "/dev/outbox",
        ].map { AuditTarget(url: base + $0) } + [
            AuditTarget(url: base + "/verify-email", cookies: pendingAddress),
            AuditTarget(url: base + "/reset-password/code", cookies: pendingAddress),
            // A browser that last signed in with a password sees the password form first (AUTH-8).
            AuditTarget(url: base + "/sign-in", cookies: [(name: "vestibule_last_method", value: "password")], label: "/sign-in, password first"),
            AuditTarget(url: base + "/sign-in", cookies: [(name: "vestibule_last_method", value: "apple")], label: "/sign-in, Apple first"),
            AuditTarget(url: base + "/sign-in?notice=apple-link", cookies: appleLink, label: "/sign-in, linking Apple"),
            AuditTarget(url: base + "/sign-in?notice=handoff-expired", label: "/sign-in, hand-off link expired"),
            AuditTarget(url: base + "/sign-in?notice=sign-in-again", label: "/sign-in, sign in again before a change"),
            AuditTarget(url: base + "/embed/status", label: "/embed/status, signed out"),
            AuditTarget(url: base + "/operator/invitation?token=a-link", label: "/operator/invitation, signed out"),
            AuditTarget(url: base + "/recover?token=\(recoveryToken)", label: "/recover, a recovery link"),
            AuditTarget(url: base + "/recover?token=used-up", label: "/recover, a link that no longer works"),
            AuditTarget(url: base + "/sign-in?notice=recovered", label: "/sign-in, after a recovery link"),
        ]
        let signedIn = ["/", "/account", "/account/password", "/account/passkey-offer", "/account/delete", "/account/data"].map {
            AuditTarget(url: base + $0, cookies: [(name: session[0], value: session[1])], label: "signed in \($0)")
        } + [
            AuditTarget(url: base + "/welcome", cookies: [(name: session[0], value: session[1])], label: "/welcome, Apple relay off"),
            AuditTarget(
                url: base + "/welcome", cookies: [(name: newcomerSession[0], value: newcomerSession[1])],
                label: "/welcome, required fields pending"
            ),
            AuditTarget(url: base + "/embed/status", cookies: [(name: session[0], value: session[1])], label: "/embed/status, signed in"),
            AuditTarget(
                url: base + "/continue", cookies: [(name: session[0], value: session[1]), (name: "vestibule_handoff", value: pendingHandoff)],
                label: "/continue, asked before a hand-off"
            ),
            AuditTarget(
                url: base + "/oidc/consent",
                cookies: [(name: session[0], value: session[1]), (name: "vestibule_authorization", value: waitingAuthorization)],
                label: "/oidc/consent, an app asks for everything"
            ),
            AuditTarget(
                url: base + "/oidc/sign-out?client_id=portal", cookies: [(name: session[0], value: session[1])],
                label: "/oidc/sign-out, an app asks to sign out"
            ),
            AuditTarget(
                url: base + "/account/delete", cookies: [(name: staleSession[0], value: staleSession[1])],
                label: "/account/delete, sign in again first"
            ),
            AuditTarget(url: base + "/operator", cookies: [(name: session[0], value: session[1])], label: "/operator, the console"),
            AuditTarget(
                url: base + "/operator?q=example.com", cookies: [(name: session[0], value: session[1])], label: "/operator, a search"
            ),
            AuditTarget(
                url: base + "/operator?q=nobody.with.a.long.address%40example.com", cookies: [(name: session[0], value: session[1])],
                label: "/operator, a search that finds nothing"
            ),
            AuditTarget(
                url: base + "/operator/accounts/\(account.id.rawValue)", cookies: [(name: session[0], value: session[1])],
                label: "/operator/accounts/…, an account"
            ),
            AuditTarget(url: base + "/operator/apps", cookies: [(name: session[0], value: session[1])], label: "/operator/apps, the registered apps"),
            AuditTarget(
                url: base + "/operator", cookies: [(name: staleSession[0], value: staleSession[1])],
                label: "/operator, sign in again first"
            ),
            AuditTarget(
                url: base + "/operator/invitation?token=a-link", cookies: [(name: session[0], value: session[1])],
                label: "/operator/invitation, become an operator"
            ),
            // Last: a later `/continue` in the same browser, signed in to another account, would discard the link.
            AuditTarget(url: base + "/account/apple/link", cookies: linkingCookies, label: "/account/apple/link, adding Apple"),
        ]

        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        // The visual report goes to a fixed place in the package's .build folder, so CI and a developer know where
        // to look; emptied first, so pictures of an earlier failure never pass for this run's.
        let reportDirectory = PackageFolder.path(".build/larger-text-report/vestibule")
        try? FileManager.default.removeItem(atPath: reportDirectory)
        let audit = LargerTextAudit(
            driver: driver,
            configuration: AuditConfiguration(locales: ["en", "ja", "de", "ar"], reportDirectory: reportDirectory),
            progress: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        )
        let report = try audit.run(signedOut + signedIn)
        let verdict = try report.gateVerdict(named: "Larger Text gate", reportDirectory: reportDirectory)
        print(verdict.counts)
        #expect(verdict.failure == nil, "\(verdict.failure ?? "")")
        #expect(report.unmeasured.isEmpty, "pages the audit could not measure: \(report.unmeasured)")
        #expect(report.checks >= 26 * 8 * 5 * 4)
    }

    /// LT-4, LT-6: the in-page control steps the text up to 312 % of the reader's own default, announces the
    /// size, and remembers it across visits; at the last step "Larger text" is disabled and looks it.
    @Test(.enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
    func theTextSizeControlReaches312PercentOfTheReadersSettingAndRemembersIt() throws {
        let (app, port) = try TestApplication.startedOnLocalhost()
        defer { app.application.shutdown() }
        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        // The reader's own browser setting is 20 px; the control scales that, never replaces it.
        let browser = try driver.newSession(BrowserOptions(defaultFontSize: 20))
        try browser.navigate(to: "http://localhost:\(port)/sign-in")
        let larger = try browser.waitFor("[data-text-size-larger]")
        #expect(try browser.find("[data-text-size]").isDisplayed, "the script reveals the control")
        // Real <button type="button"> elements: keyboard and screen-reader operable by construction.
        #expect(try larger.attribute("type") == "button")
        for _ in 0..<8 { try larger.click() }
        #expect(try browser.find("[data-text-size-status]").text.contains("312"))
        #expect(try larger.property("disabled") == .bool(true), "312 % is the last step")
        // …and looks it beside the enabled "Smaller text": a dashed edge and muted text (issue 19).
        let smaller = try browser.find("[data-text-size-smaller]")
        #expect(try larger.cssValue("border-top-style") == "dashed" && smaller.cssValue("border-top-style") == "solid")
        #expect(try larger.cssValue("color") != smaller.cssValue("color"), "muted text")
        let rootSize = try browser.executeScript("return parseFloat(getComputedStyle(document.documentElement).fontSize)")
        #expect(abs((rootSize.doubleValue ?? 0) - 20 * 3.12) < 0.5, "312 % of the reader's 20 px: \(rootSize)")

        try browser.navigate(to: "http://localhost:\(port)/")
        let remembered = try browser.executeScript("return parseFloat(getComputedStyle(document.documentElement).fontSize)")
        #expect(abs((remembered.doubleValue ?? 0) - 20 * 3.12) < 0.5, "remembered on the next page: \(remembered)")
    }
}
