public import VestibuleJSON
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

    /// Changes the session's deadlines: how long an asynchronous script may take before `.scriptTimeout`, and how
    /// long a navigation may wait for the page to load before `.timeout`. Both start at two thirds of the
    /// driver's command timeout, so the browser reports a slow page before the client gives up on the command.
    public func setTimeouts(script: Duration? = nil, pageLoad: Duration? = nil) throws(WebDriverError) {
        var parameters: [String: JSONValue] = [:]
        if let script { parameters["script"] = .number(Double(Self.milliseconds(script))) }
        if let pageLoad { parameters["pageLoad"] = .number(Double(Self.milliseconds(pageLoad))) }
        _ = try wire.post(path("/timeouts"), .object(parameters))
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
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
