public import VestibuleCore
public import VestibuleHTTP

/// A flood of sign-ins turned away is a 503 with `Retry-After`, from a page or the API alike.
extension HashingBusy: HTTPResponseError {
    public var httpError: HTTPError {
        HTTPError(
            .serviceUnavailable, "Too many sign-ins at once. Try again in \(retryAfter) second.",
            headers: ["Retry-After": String(retryAfter)]
        )
    }
}
