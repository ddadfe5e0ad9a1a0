/// An error that may say the service cannot answer for a while (its database unreachable, its disk full) rather
/// than that the request or the code is wrong. Such a failure is answered 503 with `Retry-After` and logged;
/// the client may try again, and nothing it sent was half done.
public protocol UnavailabilityError: Error {
    /// Whether this error is one: an error type may have other kinds (a conflict, corrupt data).
    var makesServiceUnavailable: Bool { get }
}

extension UnavailabilityError {
    /// Seconds a client is told to wait: long enough for a database to restart or an operator to free space.
    public var retryAfterSeconds: Int { 5 }
}
