/// An error of a lower layer that knows the HTTP answer it stands for, such as a rate limit's 429, so handlers can
/// let it propagate and the server answers it like an ``HTTPError`` instead of a 500.
public protocol HTTPResponseError: Error {
    var httpError: HTTPError { get }
}

extension HTTPError: HTTPResponseError {
    public var httpError: HTTPError { self }
}

/// An error of a lower layer that may stand for an outage of something the server depends on (its database
/// restarting or unreachable, a full disk) rather than a bug: the server answers it 503 with `Retry-After`, so
/// that clients and load balancers try again, and logs it like any failure.
public protocol OutageError: Error {
    var isOutage: Bool { get }
}
