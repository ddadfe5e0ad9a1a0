/// Every password hash and waiting place is taken (a flood of sign-ins): the request is turned away at once,
/// to be tried again in a moment, rather than holding one of the server's threads in a queue.
public struct HashingBusy: Error, Sendable, Equatable {
    /// Seconds to wait: a hash takes tens of milliseconds, so a turn comes soon.
    public let retryAfter = 1

    public init() {}
}
