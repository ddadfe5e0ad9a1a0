/// A failed WebDriver command: the W3C error code (or one of this module's own) and a readable message.
///
/// Codes from chromedriver are its W3C `error` strings (`no such element`, `javascript error`, …); the module
/// adds ``Code/transport`` (no usable answer from chromedriver) and ``Code/driverUnavailable`` (chromedriver
/// or Chromium missing, or chromedriver would not start).
public struct WebDriverError: Error, Sendable, CustomStringConvertible {
    /// A comparable error code; extensible, since chromedriver may answer with codes not listed here.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let noSuchElement = Code(rawValue: "no such element")
        public static let staleElementReference = Code(rawValue: "stale element reference")
        public static let elementNotInteractable = Code(rawValue: "element not interactable")
        public static let timeout = Code(rawValue: "timeout")
        public static let scriptTimeout = Code(rawValue: "script timeout")
        public static let javascript = Code(rawValue: "javascript error")
        public static let sessionNotCreated = Code(rawValue: "session not created")
        public static let invalidSessionID = Code(rawValue: "invalid session id")
        public static let invalidArgument = Code(rawValue: "invalid argument")
        public static let unknownCommand = Code(rawValue: "unknown command")
        public static let unknownError = Code(rawValue: "unknown error")
        /// chromedriver's own: the page navigated while the command ran, so the same command on the new page
        /// may well succeed.
        public static let abortedByNavigation = Code(rawValue: "aborted by navigation")
        /// chromedriver could not be reached, did not answer in time, or answered something unreadable.
        public static let transport = Code(rawValue: "transport")
        /// chromedriver or Chromium is not installed, or chromedriver did not start.
        public static let driverUnavailable = Code(rawValue: "driver unavailable")
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "WebDriver error (\(code)): \(message)" }
}
