import Foundation
import Synchronization

/// One browser (a WebDriver session) started by ``ChromeDriver/newSession(_:)``.
///
/// Every call is one blocking WebDriver command with a deadline. A session may be used from several threads,
/// though the browser runs one command at a time. ``close()`` quits the browser; the driver closes sessions
/// still open when it shuts down.
public final class BrowserSession: Sendable {
    /// The WebDriver session id.
    public let id: String
    /// The browser's profile folder (`--user-data-dir`), deleted when the session closes.
    public let userDataDirectory: String
    let wire: WebDriverWire
    private let isClosed = Atomic<Bool>(false)

    init(id: String, wire: WebDriverWire, userDataDirectory: String) {
        self.id = id
        self.wire = wire
        self.userDataDirectory = userDataDirectory
    }

    /// `/session/{id}` followed by `path`.
    func path(_ path: String) -> String { "/session/\(id)\(path)" }

    /// Loads `url` and waits for the page to load.
    public func navigate(to url: String) throws(WebDriverError) {
        _ = try wire.post(path("/url"), ["url": .string(url)])
    }

    public var currentURL: String {
        get throws(WebDriverError) { try wire.get(path("/url")).stringValue ?? "" }
    }

    public var title: String {
        get throws(WebDriverError) { try wire.get(path("/title")).stringValue ?? "" }
    }

    /// The serialized DOM of the current page.
    public var pageSource: String {
        get throws(WebDriverError) { try wire.get(path("/source")).stringValue ?? "" }
    }

    /// Goes back in the history, like the Back button.
    public func back() throws(WebDriverError) {
        _ = try wire.post(path("/back"))
    }

    public func refresh() throws(WebDriverError) {
        _ = try wire.post(path("/refresh"))
    }

    /// A PNG of the viewport.
    public func screenshot() throws(WebDriverError) -> [UInt8] {
        let encoded = try wire.get(path("/screenshot")).stringValue ?? ""
        guard let data = Data(base64Encoded: encoded) else {
            throw WebDriverError(.transport, "The screenshot is not base64.")
        }
        return Array(data)
    }

    /// Quits the browser (`DELETE /session/{id}`) and deletes its profile. Idempotent; errors are ignored,
    /// since the driver kills a browser that would not quit when it shuts down.
    public func close() {
        close(timeout: wire.commandTimeout)
    }

    func close(timeout: Duration) {
        guard isClosed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        _ = try? wire.delete(path(""), timeout: timeout)
        try? FileManager.default.removeItem(atPath: userDataDirectory)
    }
}
