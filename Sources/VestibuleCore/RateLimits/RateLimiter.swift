public import Foundation
import VestibuleCrypto

/// How many attempts a key may make per window.
public struct RateLimit: Sendable, Equatable {
    public var attempts: Int
    public var window: Duration

    public init(attempts: Int, window: Duration) {
        self.attempts = attempts
        self.window = window
    }
}

/// Fixed-window limits on attempts, keyed by client address or account; the counts live in an
/// ``AttemptCounter`` (this process's memory, or the database instances share).
///
/// Keys name people (an email address, a client address), so the counter only ever sees their HMAC under a
/// secret key: a copy of a shared counting table cannot be turned back into addresses by trying candidates.
public struct RateLimiter: Sendable {
    private let counter: any AttemptCounter
    private let keyMAC: [UInt8]
    private let clock: @Sendable () -> Date

    /// - Parameter keyMAC: at least 32 secret random bytes, the same on every instance.
    public init(counter: any AttemptCounter, keyMAC: [UInt8], clock: @escaping @Sendable () -> Date) {
        self.counter = counter
        self.keyMAC = keyMAC
        self.clock = clock
    }

    /// Counts one attempt; throws ``RateLimitExceeded`` once `limit` is exceeded within the window.
    /// - Throws: ``RateLimitExceeded``, or the counter's `StoreError` when the shared count cannot be reached: an
    ///   attempt that cannot be counted is refused (a 500), never let through uncounted.
    public func record(_ key: String, _ limit: RateLimit) throws {
        let now = clock()
        let pseudonym = Base64URL.encode(HMAC.sha256(key: keyMAC, message: Array(key.utf8)))
        let (count, windowStart) = try counter.recordAttempt(key: pseudonym, window: limit.window, now: now)
        guard count > limit.attempts else { return }
        let remaining = windowStart.addingTimeInterval(limit.window.seconds).timeIntervalSince(now)
        throw RateLimitExceeded(retryAfter: max(1, Int(remaining.rounded(.up))))
    }

    /// Counts one attempt in `scope` from the client `network`: its address, or an IPv6 client's /64, so
    /// all the addresses of one subscriber share one count (the HTTP layer's `Request.remoteNetwork`).
    public func record(_ scope: String, fromNetwork network: String, _ limit: RateLimit) throws {
        try record(Self.networkKey(scope, network), limit)
    }

    /// The key under which `scope` counts the client `network`.
    public static func networkKey(_ scope: String, _ network: String) -> String {
        "\(scope)|address|\(network)"
    }

    /// Counts one `action` ("sign-in", "email") against the account's budget for it, however its address was spelled.
    public func record(_ action: String, account: AccountLimitKey, _ limit: RateLimit) throws {
        try record("\(action)|account|\(account.value)", limit)
    }
}
