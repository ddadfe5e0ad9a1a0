import Foundation
import VestibuleTesting
import VestibuleWebDriver

/// A person in headless Chromium at the demo: the bookstore's pages, Vestibule's sign-up and sign-in pages
/// and the Apple ID emulator's consent page, each step as they would take it.
struct ShopperBrowser {
    let browser: BrowserSession
    let site: DemoSite

    /// Adds one copy of `book` from the catalog and waits for the cart that shows it.
    func addToCart(_ book: String) throws {
        try browser.navigate(to: site.bookstoreOrigin + "/")
        try browser.waitFor("[data-book='\(book)'] button[type=submit]").click()
        _ = try browser.waitFor("main [data-line='\(book)']")
    }

    /// Checks out the cart with `name` and `email`; returns the order's id from the confirmation page.
    @discardableResult
    func checkOut(name: String, email: String) throws -> String {
        try browser.navigate(to: site.bookstoreOrigin + "/checkout")
        try browser.waitFor("#field-name").sendKeys(name)
        try browser.find("#field-email").sendKeys(email)
        try browser.find("form[action='/checkout'] button[type=submit]").click()
        let number = try browser.waitFor("[data-order-number]")
        guard let id = try number.attribute("data-order-number") else { throw TestFailure("no order number") }
        return id
    }

    /// On an order's page, "Create an account" one of its two ways (`apple` or `passkey`), which leads to
    /// Vestibule's sign-in page (led by Sign in with Apple) or its sign-up page.
    func createAccount(with method: String) throws {
        try browser.waitFor("form[action='/account/create'] button[value=\(method)]").click()
        let (path, form) = method == "apple" ? ("/sign-in", "form.apple-start") : ("/sign-up", "form[data-passkey=sign-up]")
        _ = try browser.waitFor(form)
        // The authorization request carries the shop's language on (`ui_locales`, then `?lang=`), so only the page
        // itself is compared.
        guard try browser.currentURL.hasPrefix(site.vestibuleOrigin + path + "?lang=") else {
            throw TestFailure("not on Vestibule's \(path): \(try browser.currentURL)")
        }
    }

    /// The value of the input `css` as the page has it now.
    func value(of css: String) throws -> String? {
        try browser.executeScript("return arguments[0].value", [try browser.find(css).reference]).stringValue
    }

    /// On Vestibule's sign-up page: a passkey (the virtual authenticator's), under the name in the field.
    func signUpWithPasskey() throws {
        try browser.find("form[data-passkey=sign-up] button[type=submit]").click()
        try returnToShop()
    }

    /// On Vestibule's sign-in page: Sign in with Apple, through the emulator's consent page.
    func continueWithApple(appleID: String, firstName: String, lastName: String) throws {
        try browser.find("form.apple-start button").click()
        try browser.consentAtAppleEmulator(appleID: appleID, firstName: firstName, lastName: lastName, hide: false)
        try returnToShop()
    }

    /// From Vestibule back to the bookstore's "Your orders": a new account first sees Vestibule's welcome page
    /// and its "Continue"; a returning customer goes straight back.
    func returnToShop() throws {
        try eventually("the browser back at the bookstore", timeout: .seconds(15)) {
            let url = try browser.currentURL
            if url.hasPrefix(site.vestibuleOrigin + "/welcome"), let next = try browser.findAll("main a[href='/continue']").first {
                try next.click()
            }
            return url.hasPrefix(site.bookstoreOrigin + "/orders")
        }
        _ = try browser.waitFor("main h1")
    }
}
