import Foundation
public import VestibuleJSON

/// A DOM element found in a ``BrowserSession``; stale once its page is gone (`.staleElementReference`).
public struct Element: Sendable {
    /// The key W3C WebDriver uses for element references in JSON.
    public static let referenceKey = "element-6066-11e4-a52e-4f735466cecf"

    public let session: BrowserSession
    /// The WebDriver element id.
    public let id: String

    /// The element as a script argument: the script receives the DOM element.
    public var reference: JSONValue { [Self.referenceKey: .string(id)] }

    private func path(_ suffix: String) -> String { session.path("/element/\(id)\(suffix)") }

    /// Clicks the element's centre, scrolling it into view first; `.elementNotInteractable` when hidden.
    public func click() throws(WebDriverError) {
        _ = try session.wire.post(path("/click"))
    }

    /// Types `text` into the element (focusing it first).
    public func sendKeys(_ text: String) throws(WebDriverError) {
        _ = try session.wire.post(path("/value"), ["text": .string(text)])
    }

    /// Empties an input or a text area.
    public func clear() throws(WebDriverError) {
        _ = try session.wire.post(path("/clear"))
    }

    /// The rendered text, as a user sees it.
    public var text: String {
        get throws(WebDriverError) { try session.wire.get(path("/text")).stringValue ?? "" }
    }

    /// The value of the HTML attribute `name`, or nil when the element has no such attribute.
    public func attribute(_ name: String) throws(WebDriverError) -> String? {
        try session.wire.get(path("/attribute/\(Self.encode(name))")).stringValue
    }

    /// The DOM property `name` (`value`, `checked`, …).
    public func property(_ name: String) throws(WebDriverError) -> JSONValue {
        try session.wire.get(path("/property/\(Self.encode(name))"))
    }

    /// The computed value of the CSS property `name` (`font-size`: `"32px"`).
    public func cssValue(_ name: String) throws(WebDriverError) -> String {
        try session.wire.get(path("/css/\(Self.encode(name))")).stringValue ?? ""
    }

    public var isDisplayed: Bool {
        get throws(WebDriverError) { try session.wire.get(path("/displayed")).boolValue ?? false }
    }

    /// Position and size in CSS pixels, relative to the document.
    public var rect: ElementRect {
        get throws(WebDriverError) {
            let value = try session.wire.get(path("/rect"))
            return ElementRect(
                x: value["x"]?.doubleValue ?? 0, y: value["y"]?.doubleValue ?? 0,
                width: value["width"]?.doubleValue ?? 0, height: value["height"]?.doubleValue ?? 0
            )
        }
    }

    /// The first descendant matching `css`; `.noSuchElement` when there is none.
    public func find(_ css: String) throws(WebDriverError) -> Element {
        let value = try session.wire.post(path("/element"), ["using": "css selector", "value": .string(css)])
        guard let element = session.element(from: value) else {
            throw WebDriverError(.transport, "The answer for \"\(css)\" is not an element reference.")
        }
        return element
    }

    private static func encode(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_."))) ?? name
    }
}
