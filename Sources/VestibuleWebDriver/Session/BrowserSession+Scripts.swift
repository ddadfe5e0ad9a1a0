extension BrowserSession {
    /// Runs `script` as the body of a function in the page (`arguments` are its `arguments`; an ``Element``'s
    /// ``Element/reference`` becomes the DOM element) and returns what it returns.
    ///
    /// A script that throws gives `.javascript`.
    public func executeScript(_ script: String, _ arguments: [JSONValue] = []) throws(WebDriverError) -> JSONValue {
        try wire.post(path("/execute/sync"), ["script": .string(script), "args": .array(arguments)])
    }

    /// Runs `script` with a callback as its last argument and returns the value passed to the callback
    /// (`arguments[arguments.length - 1](value)`); a rejected promise or a throw gives `.javascript`, no call
    /// within the session's script timeout `.scriptTimeout`.
    public func executeAsyncScript(_ script: String, _ arguments: [JSONValue] = []) throws(WebDriverError)
        -> JSONValue
    {
        try wire.post(path("/execute/async"), ["script": .string(script), "args": .array(arguments)])
    }

    /// Sends a Chrome DevTools Protocol command (`Page.setFontSizes`, …) and returns its result.
    public func executeCDP(_ command: String, _ parameters: JSONValue = [:]) throws(WebDriverError) -> JSONValue {
        try wire.post(path("/goog/cdp/execute"), ["cmd": .string(command), "params": parameters])
    }

    /// Sets the viewport exactly (CDP `Emulation.setDeviceMetricsOverride`), as a phone of that size would have.
    public func setViewport(width: Int, height: Int, deviceScaleFactor: Double = 1) throws(WebDriverError) {
        _ = try executeCDP(
            "Emulation.setDeviceMetricsOverride",
            [
                "width": .number(Double(width)), "height": .number(Double(height)),
                "deviceScaleFactor": .number(deviceScaleFactor), "mobile": false,
            ]
        )
    }

    /// Returns to the window's own viewport (CDP `Emulation.clearDeviceMetricsOverride`).
    public func resetViewport() throws(WebDriverError) {
        _ = try executeCDP("Emulation.clearDeviceMetricsOverride")
    }

    /// Sets the default font sizes in CSS pixels as a user's browser setting would (CDP `Page.setFontSizes`):
    /// rem, em, percentages and unstyled text scale, px-locked text does not. Chrome's defaults are 16 and 13.
    ///
    /// A full-page screenshot with `captureBeyondViewport` resets this; ``BrowserOptions/defaultFontSize`` does
    /// not have that weakness.
    public func setFontSizes(standard: Int, fixed: Int) throws(WebDriverError) {
        _ = try executeCDP(
            "Page.setFontSizes",
            ["fontSizes": ["standard": .number(Double(standard)), "fixed": .number(Double(fixed))]]
        )
    }
}
