/// The body of `POST /api/v1/handoffs/exchange`: the one-time code the browser brought back to `returnTo`, and
/// the exchange key the app kept.
public struct ExchangeRequest: Codable, Sendable, Equatable {
    public let code: String
    public let exchangeKey: String

    public init(code: String, exchangeKey: String) {
        self.code = code
        self.exchangeKey = exchangeKey
    }
}
