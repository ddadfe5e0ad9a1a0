import Foundation
import Testing
import VestibuleClient
import VestibuleHTTPClient
import VestibuleTesting
import VestibuleWebDriver
@testable import VestibuleBookstore

/// The demo's whole story in real headless Chromium, through the real bookstore and a real `vestibule serve`
/// (with its Apple ID emulator on another origin): browse without an account, a cart as a guest, a guest
/// checkout, then an account on the confirmation page, with a passkey or with Sign in with Apple, and the
/// order and the cart still there after (SIWA-2, SIWA-3, SIWA-6, SIWA-8, AUTH-1, AUTH-3).
@Suite(.serialized, .enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
struct BookstoreStoryTests {
    @Test func aGuestBuysThenCreatesAnAccountWithAPasskeyAndFindsTheOrderAndTheCart() throws {
        try withShopper(language: "en") { shopper, site, _ in
            let browser = shopper.browser
            try browser.navigate(to: site.bookstoreOrigin + "/")
            #expect(try browser.findAll("[data-book]").count == 6)
            #expect(try browser.cookie(named: "bookstore_guest") == nil, "browsing makes no guest")
            #expect(try browser.find("a[href='/sign-in']").text == "Sign in")

            try shopper.addToCart("pride-and-prejudice")
            #expect(try browser.find("main [role=status]").text == "“Pride and Prejudice” is in your cart.")
            #expect(try browser.cookie(named: "bookstore_guest")?.hasPrefix("vg_") == true, "the cart made the guest")
            try shopper.addToCart("botchan")
            try browser.navigate(to: site.bookstoreOrigin + "/checkout")
            // SIWA-6: e-books by email, so a name and an email, nothing else.
            #expect(try browser.findAll("form[action='/checkout'] input:not([type=hidden])").count == 2)
            let order = try shopper.checkOut(name: "Ada Lovelace", email: "ada@example.com")
            #expect(try browser.find("main h1").text == "Thank you for your order")
            #expect(try browser.find("main [role=status]").text == "We’re sending your e-books to ada@example.com.")
            #expect(try browser.find("#account-offer-title").text == "Create an account to track this order")

            // Still a guest, the person adds a book for later, then takes the offer on the order's page.
            try shopper.addToCart("frankenstein")
            try browser.navigate(to: site.bookstoreOrigin + "/orders/\(order)")
            #expect(try browser.findAll(".account-choices button").map { try $0.text } == [
                "Continue with Apple", "Create an account with a passkey",
            ])
            try shopper.createAccount(with: "passkey")
            #expect(try shopper.value(of: "form[data-passkey=sign-up] #field-displayName") == "Ada Lovelace",
                    "the name given at checkout is filled in")
            try shopper.signUpWithPasskey()

            #expect(try browser.currentURL == site.bookstoreOrigin + "/orders")
            #expect(try browser.find("main h1").text == "Your orders")
            #expect(try browser.find("main [data-signed-in-with=passkey]").text == "Signed in with a passkey")
            #expect(try browser.find("header [data-signed-in-with=passkey]").text == "Signed in with a passkey")
            #expect(try browser.findAll("[data-order='\(order)'] [data-line]").count == 2, "the order survived")
            #expect(try browser.findAll("[data-cart] [data-line]").map { try $0.attribute("data-line") } == ["frankenstein"],
                    "the cart survived")
            #expect(try browser.cookie(named: "bookstore_guest") == nil, "the guest was claimed")
            #expect(try browser.findAll("form[action='/account/create']").isEmpty, "no offer to the signed-in")
        }
    }

    @Test func aGuestBuysInJapaneseThenCreatesAnAccountWithAppleAndFindsTheOrderAndTheCart() throws {
        // A browser set to English whose reader picks 日本語 in the shop: the shop remembers the choice, and the
        // authorization request carries it to Vestibule's pages.
        try withShopper(language: "en") { shopper, site, _ in
            let browser = shopper.browser
            try browser.navigate(to: site.bookstoreOrigin + "/?lang=ja")
            #expect(try browser.find("html").attribute("lang") == "ja")
            #expect(try browser.find("[data-book='botchan'] h2").text == "坊っちゃん")
            #expect(try browser.find("[data-book='botchan'] button").text == "カートに入れる")

            try shopper.addToCart("botchan")
            #expect(try browser.find("main [role=status]").text == "「坊っちゃん」をカートに入れました。")
            try shopper.addToCart("night-on-the-galactic-railroad")
            let order = try shopper.checkOut(name: "夏目 金之助", email: "kinnosuke@example.jp")
            #expect(try browser.find("main h1").text == "ご注文ありがとうございます")
            #expect(try browser.find("#account-offer-title").text == "アカウントを作成して、このご注文をいつでも確認")
            try shopper.addToCart("alice-in-wonderland")
            try browser.navigate(to: site.bookstoreOrigin + "/orders/\(order)")
            try shopper.createAccount(with: "apple")
            #expect(try browser.find("html").attribute("lang") == "ja", "Vestibule's page speaks Japanese too")
            #expect(try shopper.value(of: "#field-email") == "kinnosuke@example.jp", "the email given at checkout")
            try shopper.continueWithApple(appleID: "kinnosuke@icloud.example", firstName: "金之助", lastName: "夏目")

            #expect(try browser.find("main h1").text == "ご注文履歴")
            #expect(try browser.find("main [data-signed-in-with=apple]").text == "Appleでサインイン中")
            #expect(try browser.findAll("[data-order='\(order)'] [data-line]").count == 2)
            #expect(try browser.findAll("[data-cart] [data-line]").map { try $0.attribute("data-line") } == ["alice-in-wonderland"])
        }
    }

    /// Signing in to an account that already had a cart: Vestibule keeps both carts (`keepBoth`), the guest's
    /// as `cart.guest`, and the bookstore folds it into the account's, summing copies, so nothing is lost.
    @Test func signingInToAnAccountThatHadACartKeepsBothCartsInOne() throws {
        try withShopper(language: "en") { shopper, site, authenticator in
            let browser = shopper.browser
            // An account with a cart: a guest's cart, taken along at sign-up.
            try shopper.addToCart("pride-and-prejudice")
            try shopper.addToCart("frankenstein")
            try browser.navigate(to: site.bookstoreOrigin + "/sign-in")
            try browser.waitFor("a[href='/sign-up']").click()
            try browser.waitFor("form[data-passkey=sign-up] #field-displayName").sendKeys("Grace Hopper")
            try shopper.signUpWithPasskey()
            let firstSession = try #require(ShopperSession(cookieValue: try browser.cookie(named: "bookstore_session") ?? ""))
            #expect(try cartBooks(browser) == ["pride-and-prejudice": 1, "frankenstein": 1])

            // Signed out of the bookstore (which ends its grant at Vestibule: the cookie's tokens are worth nothing
            // now) and of Vestibule.
            try browser.find("form[action='/sign-out'] button").click()
            _ = try browser.waitFor("header a[href='/sign-in']")
            #expect(try site.vestibuleClient.refreshTokens(firstSession.refreshToken) == nil)
            #expect(throws: VestibuleClientError.self, "the access token no longer reaches the documents") {
                try site.vestibuleClient.documents(of: .account(token: firstSession.accessToken))
            }
            try browser.navigate(to: site.vestibuleOrigin + "/account")
            try browser.waitFor("form[action='/sign-out'] button").click()
            _ = try browser.waitFor("a[href='/sign-in']")

            // A new guest's cart, then "Sign in": AutoFill offers the passkey on Vestibule's sign-in page.
            try shopper.addToCart("pride-and-prejudice")
            try shopper.addToCart("botchan")
            #expect(try browser.credentials(authenticatorID: authenticator).count == 1)
            try browser.find("header a[href='/sign-in']").click()
            try shopper.returnToShop()
            #expect(try browser.find("main [data-signed-in-with=passkey]").text == "Signed in with a passkey")
            #expect(try cartBooks(browser) == ["pride-and-prejudice": 2, "frankenstein": 1, "botchan": 1])

            let cookie = try #require(ShopperSession(cookieValue: try browser.cookie(named: "bookstore_session") ?? ""))
            let session = Owner.account(token: cookie.accessToken)
            let names = try site.vestibuleClient.documents(of: session).map(\.name)
            #expect(names == ["cart"], "the guest's cart was folded in and deleted")
        }
    }

    // MARK: Steps

    /// The demo on free ports, a browser preferring `language` with a virtual platform authenticator (like
    /// Face ID or Touch ID), and everything stopped after.
    private func withShopper(language: String, _ body: (ShopperBrowser, DemoSite, String) throws -> Void) throws {
        let site = try DemoSite()
        defer { site.stop() }
        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        let browser = try driver.newSession(BrowserOptions(acceptLanguage: language))
        let authenticator = try browser.addVirtualAuthenticator()
        try body(ShopperBrowser(browser: browser, site: site), site, authenticator)
    }

    /// The books of the cart on "Your orders", with their copies.
    private func cartBooks(_ browser: BrowserSession) throws -> [String: Int] {
        var books: [String: Int] = [:]
        for line in try browser.findAll("[data-cart] [data-line]") {
            let book = try line.attribute("data-line") ?? ""
            let copies = try line.text.split(separator: " ").compactMap { Int($0) }.first ?? 0
            books[book] = copies
        }
        return books
    }
}
