public import VestibuleWebDriver

extension BrowserSession {
    /// Fills in the Apple ID emulator's consent page as a person would at Apple: the Apple ID, the name
    /// (the fields are there on a first authorization only; empty values leave them empty), Share or Hide My
    /// Email, then Continue.
    ///
    /// - Throws: ``TestFailure`` when the page is not on the emulator's own origin (`http://127.0.0.1:…`, while
    ///   the sites under test are `localhost`): the flow must be cross-site, as Apple's is.
    public func consentAtAppleEmulator(appleID: String, firstName: String, lastName: String, hide: Bool) throws {
        let field = try waitFor("input[name=apple_id]")
        let url = try currentURL
        guard url.hasPrefix("http://127.0.0.1:") else {
            throw TestFailure("the consent page is not on Apple's (the emulator's) origin: \(url)")
        }
        try field.clear()
        try field.sendKeys(appleID)
        for (name, value) in [("first_name", firstName), ("last_name", lastName)] {
            if let input = try findAll("input[name=\(name)]").first {
                try input.clear()
                if !value.isEmpty { try input.sendKeys(value) }
            }
        }
        if let choice = try findAll("input[value=\(hide ? "hide" : "share")]").first { try choice.click() }
        try find("button[value=continue]").click()
    }
}
