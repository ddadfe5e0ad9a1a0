extension BrowserSession {
    /// Sets a cookie for the current document's origin (W3C `POST /session/{id}/cookie`); navigate to the site
    /// first, since WebDriver refuses cookies for another domain.
    public func addCookie(name: String, value: String, path: String = "/") throws(WebDriverError) {
        _ = try wire.post(
            self.path("/cookie"),
            ["cookie": ["name": .string(name), "value": .string(value), "path": .string(path)]]
        )
    }
}
