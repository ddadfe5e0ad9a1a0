import VestibuleWebDriver

/// The pictures the command takes, each a walk through the running demo in a fresh browser.
enum ScreenshotSet: String, CaseIterable {
    /// The README's guided tour: a guest buys a book at the demo bookstore, creates an account with a
    /// passkey, returns to the shop, and looks at "Your data"; then the sign-in page in Japanese at 312 %.
    case readme
    /// The pages a design review looks at (the sign-in page, the account page, "Your data"), each in English
    /// and Japanese at 100 % and 312 % on a phone's width.
    case review

    func take(with driver: ChromeDriver, demo: DemoOrigins, folder: String) throws {
        switch self {
        case .readme: try takeTour(driver, demo, folder)
        case .review: try takeReview(driver, demo, folder)
        }
    }

    private func takeTour(_ driver: ChromeDriver, _ demo: DemoOrigins, _ folder: String) throws {
        let camera = try Camera(driver: driver, width: 960, percent: 100, language: "en", folder: folder)
        defer { camera.session.close() }
        _ = try camera.session.addVirtualAuthenticator()
        try camera.open(demo.bookstore + "/", waitingFor: "[data-book] button[type=submit]")
        try camera.capture("1-bookstore")
        try camera.click("[data-book] button[type=submit]")
        _ = try camera.session.waitFor("main [data-line]")
        try camera.open(demo.bookstore + "/checkout", waitingFor: "#field-name")
        try camera.session.find("#field-name").sendKeys("Ada Lovelace")
        try camera.session.find("#field-email").sendKeys("ada@example.com")
        try camera.click("form[action='/checkout'] button[type=submit]")
        try camera.capture("2-order", waitingFor: "form[action='/account/create']")
        try camera.click("form[action='/account/create'] button[value=passkey]")
        try camera.capture("3-sign-up", waitingFor: "form[data-passkey=sign-up]")
        try camera.click("form[data-passkey=sign-up] button[type=submit]")
        try camera.capture("4-welcome", waitingFor: "main a[href='/continue']")
        try camera.click("main a[href='/continue']")
        try camera.capture("5-orders", waitingFor: "main [data-signed-in-with]")
        try camera.open(demo.vestibule + "/account/data")
        try camera.capture("6-your-data")

        let largest = try Camera(driver: driver, width: 390, percent: 312, language: "ja", folder: folder)
        defer { largest.session.close() }
        try largest.open(demo.vestibule + "/sign-in")
        try largest.capture("7-sign-in-ja-312")
    }

    private func takeReview(_ driver: ChromeDriver, _ demo: DemoOrigins, _ folder: String) throws {
        // One account for every picture: made once with a passkey, its session cookie then given to each browser.
        let maker = try Camera(driver: driver, width: 390, percent: 100, language: "en", folder: folder)
        defer { maker.session.close() }
        _ = try maker.session.addVirtualAuthenticator()
        try maker.open(demo.vestibule + "/sign-up", waitingFor: "form[data-passkey=sign-up] #field-displayName")
        try maker.session.find("form[data-passkey=sign-up] #field-displayName").sendKeys("Ada Lovelace")
        try maker.click("form[data-passkey=sign-up] button[type=submit]")
        _ = try maker.session.waitFor("main a[href='/continue']", timeout: .seconds(15))
        guard let session = try maker.session.cookie(named: "vestibule_session") else {
            throw ScreenshotError("The passkey sign-up left no session cookie at \(demo.vestibule).")
        }

        for language in ["en", "ja"] {
            for percent in [100, 312] {
                let camera = try Camera(driver: driver, width: 390, percent: percent, language: language, folder: folder)
                defer { camera.session.close() }
                let suffix = "\(language)-\(percent)"
                try camera.open(demo.vestibule + "/sign-in")
                try camera.capture("sign-in-\(suffix)")
                try camera.session.addCookie(name: "vestibule_session", value: session)
                try camera.open(demo.vestibule + "/account")
                try camera.capture("account-\(suffix)")
                try camera.open(demo.vestibule + "/account/data")
                try camera.capture("your-data-\(suffix)")
            }
        }
    }
}

/// Where the demo runs: Vestibule and the bookstore that uses it.
struct DemoOrigins {
    var vestibule = "http://localhost:8080"
    var bookstore = "http://localhost:8090"
}
