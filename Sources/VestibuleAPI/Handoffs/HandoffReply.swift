/// The reply of `POST /api/v1/handoffs` (201).
public struct HandoffReply: Codable, Sendable, Equatable {
    /// Vestibule's page for this hand-off, where the app sends the browser; it works once.
    public let url: String
    /// Proves at the exchange that whoever exchanges the code is the app that asked. The app keeps it (in a
    /// cookie of its own, say), never shows it to Vestibule's page.
    public let exchangeKey: String

    public init(url: String, exchangeKey: String) {
        self.url = url
        self.exchangeKey = exchangeKey
    }
}
