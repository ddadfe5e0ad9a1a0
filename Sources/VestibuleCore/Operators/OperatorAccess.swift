public import Foundation

/// Who may use the operator console, now: an operator (``OperatorStore``) whose session began within
/// ``signInWindow`` with a passkey or Sign in with Apple, in their own browser.
///
/// A password alone is not enough: it is the credential phishing and reuse take, and the console can turn
/// anyone's account off or delete it. The window makes a session left open on a shared computer worthless for it.
public struct OperatorAccess: Sendable {
    /// How recent the sign-in must be.
    public static let signInWindow: TimeInterval = 600

    /// What stands between a session and the console.
    public enum Verdict: Sendable, Equatable {
        case allowed
        /// An operator whose sign-in is too old, or by password: sign in again with a passkey or Apple.
        case signInAgain
        /// Not an operator (or no session at all): the console does not exist for them.
        case notAnOperator
    }

    private let store: any OperatorStore
    private let clock: @Sendable () -> Date

    public init(store: any OperatorStore, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.clock = clock
    }

    public func verdict(for session: Session?) throws(StoreError) -> Verdict {
        guard let session, session.appID == nil, try store.isOperator(session.accountID) else { return .notAnOperator }
        let fresh = clock().timeIntervalSince(session.createdAt) <= Self.signInWindow
        return fresh && session.method != .password ? .allowed : .signInAgain
    }
}
