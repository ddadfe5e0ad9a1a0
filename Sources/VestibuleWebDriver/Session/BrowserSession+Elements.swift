import Glibc
public import VestibuleJSON

extension BrowserSession {
    /// The first element matching the CSS selector `css`; `.noSuchElement` when there is none.
    public func find(_ css: String) throws(WebDriverError) -> Element {
        let value = try wire.post(path("/element"), ["using": "css selector", "value": .string(css)])
        return try element(value, what: css)
    }

    /// Every element matching `css`, in document order; empty when none does.
    public func findAll(_ css: String) throws(WebDriverError) -> [Element] {
        let value = try wire.post(path("/elements"), ["using": "css selector", "value": .string(css)])
        var elements: [Element] = []
        for item in value.arrayValue ?? [] { elements.append(try element(item, what: css)) }
        return elements
    }

    /// Polls for an element matching `css` until it exists or `timeout` passes (`.timeout`).
    public func waitFor(_ css: String, timeout: Duration = .seconds(5)) throws(WebDriverError) -> Element {
        let deadline = ContinuousClock.now + timeout
        while true {
            do {
                return try find(css)
            } catch where error.code == .noSuchElement || error.code == .abortedByNavigation {
                // Not there yet, or the page it is awaited on was still loading: look again on the new page.
                guard ContinuousClock.now < deadline else {
                    throw WebDriverError(.timeout, "No element matches \"\(css)\" after \(timeout).")
                }
            }
            usleep(50_000)
        }
    }

    /// The element a script returned (or any WebDriver element reference); nil for other values.
    public func element(from value: JSONValue) -> Element? {
        value[Element.referenceKey]?.stringValue.map { Element(session: self, id: $0) }
    }

    private func element(_ value: JSONValue, what css: String) throws(WebDriverError) -> Element {
        guard let element = element(from: value) else {
            throw WebDriverError(.transport, "The answer for \"\(css)\" is not an element reference.")
        }
        return element
    }
}
