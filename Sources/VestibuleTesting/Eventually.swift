import Foundation

/// Polls `condition` until it holds or `timeout` has passed; returns whether it held.
///
/// The way a test waits for what another thread or process does (a server to finish a request, a page's script
/// to run): a fixed sleep is either longer than needed or, on a loaded machine, too short. For `#expect`.
public func eventually(timeout: Duration = .seconds(5), _ condition: () throws -> Bool) rethrows -> Bool {
    try poll(timeout: timeout) { try condition() ? () : nil } != nil
}

/// Polls `condition` until it holds; throws a ``TestFailure`` saying that `awaited` did not happen within
/// `timeout` otherwise.
///
/// - Parameter awaited: what is waited for, as the failure names it ("the script to reveal the button").
public func eventually(_ awaited: @autoclosure () -> String, timeout: Duration = .seconds(5), _ condition: () throws -> Bool) throws {
    try eventually(awaited(), timeout: timeout) { try condition() ? () : nil }
}

/// Polls `probe` until it returns a value, and returns that value; throws a ``TestFailure`` saying that
/// `awaited` did not happen within `timeout` otherwise.
///
/// - Parameter awaited: what is waited for, as the failure names it ("a code mailed to ada@example.com").
@discardableResult
public func eventually<Value>(
    _ awaited: @autoclosure () -> String, timeout: Duration = .seconds(5), _ probe: () throws -> Value?
) throws -> Value {
    guard let value = try poll(timeout: timeout, probe) else {
        throw TestFailure("gave up waiting for \(awaited()) after \(timeout)")
    }
    return value
}

/// The one polling loop: every 10 ms until `probe` returns a value or the deadline passes (then a last try).
private func poll<Value>(timeout: Duration, _ probe: () throws -> Value?) rethrows -> Value? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if let value = try probe() { return value }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return try probe()
}
