import Foundation

/// Lets a long command print a progress line at most once a second, and always the last one, so it shows it
/// is moving without flooding the terminal.
struct ProgressPace {
    private var lastLine = Date.distantPast

    mutating func allows(finished: Bool) -> Bool {
        let now = Date()
        guard finished || now.timeIntervalSince(lastLine) >= 1 else { return false }
        lastLine = now
        return true
    }
}
