import Foundation
import Testing
import VestibuleAudit
import VestibuleTesting
import VestibuleWebDriver

/// The Larger Text gate for the demo bookstore (LT-1, LT-2, LT-7, LT-8, LT-10): every page a shopper meets,
/// signed out, as a guest with a cart and an order, and signed in, in English, Japanese, German and Arabic (the
/// last two read the shop in English), at every step of the ladder (100…312 %) and every viewport (including
/// the 320×256 reflow case), with zero findings.
@Suite(.serialized) struct BookstoreLargerTextGateTests {
    @Test(.enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
    func everyBookstorePageStaysReadableAtEveryTextSizeInEveryLanguage() throws {
        let site = try DemoSite()
        defer { site.stop() }
        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        let base = site.bookstoreOrigin

        // A guest with an order and a cart of long titles, over plain HTTP.
        let guest = ShopperClient(origin: base)
        try guest.get("/")
        for book in ["sherlock-holmes", "night-on-the-galactic-railroad", "alice-in-wonderland"] {
            try guest.post("/cart/add", ["book": book])
        }
        try guest.get("/checkout")
        let placed = try guest.post(
            "/checkout", ["name": "Grace Brewster Murray Hopper", "email": "grace.hopper.with.a.long.address@example.com"]
        )
        let guestOrder = try #require(placed.headers["Location"])
        for book in ["sherlock-holmes", "pride-and-prejudice"] {
            try guest.get("/")
            try guest.post("/cart/add", ["book": book])
        }
        let guestCookie = try #require(guest.cookie("bookstore_guest"))

        // A signed-in customer, who created the account with a passkey after buying, in Chromium.
        let browser = try driver.newSession()
        _ = try browser.addVirtualAuthenticator()
        let customer = ShopperBrowser(browser: browser, site: site)
        try customer.addToCart("sherlock-holmes")
        try customer.addToCart("night-on-the-galactic-railroad")
        let order = try customer.checkOut(name: "Ada Lovelace", email: "ada.lovelace.with.a.long.address@example.com")
        try customer.addToCart("alice-in-wonderland")
        try browser.navigate(to: "\(base)/orders/\(order)")
        try customer.createAccount(with: "passkey")
        try customer.signUpWithPasskey()
        let session = try #require(try browser.cookie(named: "bookstore_session"))
        browser.close()

        let signedOut = ["/", "/cart", "/orders", "/no-such-page"].map { AuditTarget(url: base + $0) }
        let asGuest = ["/", "/cart", "/checkout", guestOrder, "/orders"].map {
            AuditTarget(url: base + $0, cookies: [(name: "bookstore_guest", value: guestCookie)], label: "guest \($0)")
        }
        let signedIn = ["/orders", "/orders/\(order)", "/checkout", "/cart"].map {
            AuditTarget(url: base + $0, cookies: [(name: "bookstore_session", value: session)], label: "signed in \($0)")
        }
        // The visual report goes to a fixed place in the package's .build folder, so CI and a developer know where
        // to look; emptied first, so pictures of an earlier failure never pass for this run's.
        let reportDirectory = PackageFolder.path(".build/larger-text-report/bookstore")
        try? FileManager.default.removeItem(atPath: reportDirectory)
        let audit = LargerTextAudit(
            driver: driver,
            configuration: AuditConfiguration(locales: ["en", "ja", "de", "ar"], reportDirectory: reportDirectory),
            progress: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        )
        let report = try audit.run(signedOut + asGuest + signedIn)
        let verdict = try report.gateVerdict(named: "Bookstore Larger Text gate", reportDirectory: reportDirectory)
        print(verdict.counts)
        #expect(verdict.failure == nil, "\(verdict.failure ?? "")")
        #expect(report.unmeasured.isEmpty, "pages the audit could not measure: \(report.unmeasured)")
        #expect(report.checks == 13 * 8 * 5 * 4)
    }
}
