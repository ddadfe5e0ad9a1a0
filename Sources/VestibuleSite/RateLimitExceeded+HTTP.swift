public import VestibuleCore
public import VestibuleHTTP

/// A rate limit's refusal is a 429 with `Retry-After`, from a page or the API alike.
extension RateLimitExceeded: HTTPResponseError {
    public var httpError: HTTPError {
        HTTPError(
            .tooManyRequests, "Too many attempts. Try again in \(retryAfter) seconds.",
            headers: ["Retry-After": String(retryAfter)]
        )
    }
}
