/// An error of a lower layer that knows the HTTP answer it stands for, such as a rate limit's 429, so handlers can
/// let it propagate and the server answers it like an ``HTTPError`` instead of a 500.
public protocol HTTPResponseError: Error {
    var httpError: HTTPError { get }
}

extension HTTPError: HTTPResponseError {
    public var httpError: HTTPError { self }
}
