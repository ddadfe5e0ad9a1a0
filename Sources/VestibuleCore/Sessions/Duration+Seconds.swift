package import Foundation

extension Duration {
    /// The duration in (fractional) seconds, for `Date` arithmetic (sessions, codes, rate-limit windows).
    package var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
