import VestibuleJSON
/// How a browser session starts.
public struct BrowserOptions: Sendable {
    /// Run without a window (`--headless=new`).
    public var headless = true
    /// The window size; the viewport is smaller by the browser's chrome. Use
    /// ``BrowserSession/setViewport(width:height:deviceScaleFactor:)`` for an exact viewport.
    public var windowSize: (width: Int, height: Int)?
    /// The browser's default font size in CSS pixels (Chrome pref `webkit.webprefs.default_font_size`, what a
    /// user's "font size" setting changes); nil keeps Chrome's 16.
    public var defaultFontSize: Int?
    /// The preferred languages (`ja`, `en-GB,en`): the `Accept-Language` header and `navigator.languages`.
    public var acceptLanguage: String?
    /// Further Chromium command-line switches.
    public var extraArguments: [String] = []

    public init(
        headless: Bool = true,
        windowSize: (width: Int, height: Int)? = nil,
        defaultFontSize: Int? = nil,
        acceptLanguage: String? = nil,
        extraArguments: [String] = []
    ) {
        self.headless = headless
        self.windowSize = windowSize
        self.defaultFontSize = defaultFontSize
        self.acceptLanguage = acceptLanguage
        self.extraArguments = extraArguments
    }
}

extension BrowserOptions {
    /// The `POST /session` parameters for Chromium at `binary`, keeping its profile in `userDataDirectory`.
    func sessionParameters(binary: String, userDataDirectory: String, timeouts: JSONValue) -> JSONValue {
        var arguments: [String] = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
        if headless { arguments.append("--headless=new") }
        arguments += ["--user-data-dir=\(userDataDirectory)", "--no-first-run", "--no-default-browser-check"]
        if let windowSize { arguments.append("--window-size=\(windowSize.width),\(windowSize.height)") }
        var preferences: [String: JSONValue] = [:]
        if let defaultFontSize {
            preferences["webkit.webprefs.default_font_size"] = .number(Double(defaultFontSize))
        }
        if let acceptLanguage {
            arguments.append("--lang=\(acceptLanguage.split(separator: ",").first.map(String.init) ?? acceptLanguage)")
            preferences["intl.accept_languages"] = .string(acceptLanguage)
        }
        arguments += extraArguments
        let chromeOptions: JSONValue = [
            "binary": .string(binary),
            "args": .array(arguments.map(JSONValue.string)),
            "prefs": .object(preferences),
        ]
        return [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": chromeOptions,
                    "timeouts": timeouts,
                ]
            ]
        ]
    }
}
