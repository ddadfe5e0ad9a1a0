/// An attempt over its ``RateLimit``: the caller may try again after `retryAfter` seconds.
public struct RateLimitExceeded: Error, Sendable, Equatable {
    public let retryAfter: Int

    public init(retryAfter: Int) {
        self.retryAfter = retryAfter
    }
}
