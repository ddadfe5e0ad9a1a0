extension BrowserSession {
    /// Sets a cookie for the current document's origin (W3C `POST /session/{id}/cookie`); navigate to the site
    /// first, since WebDriver refuses cookies for another domain.
    public func addCookie(name: String, value: String, path: String = "/") throws(WebDriverError) {
        _ = try wire.post(
            self.path("/cookie"),
            ["cookie": ["name": .string(name), "value": .string(value), "path": .string(path)]]
        )
    }

    /// The value of the current document's cookie `name` (HttpOnly ones too), or `nil` when it has none.
    public func cookie(named name: String) throws(WebDriverError) -> String? {
        let cookies = try wire.get(self.path("/cookie")).arrayValue ?? []
        return cookies.first { $0["name"]?.stringValue == name }?["value"]?.stringValue
    }
}
