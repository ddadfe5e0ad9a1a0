/// A write a crash test's client sent, and what it learned of its outcome: what the server must still hold
/// after any number of `kill -9`s.
enum Acknowledged: Sendable {
    /// A guest's document `notes`, written one version at a time with `If-Match`: `known` is the last version
    /// the client saw acknowledged (or read back); `inFlight` when a write of version `known + 1` got no answer
    /// and no read settled it since.
    case document(guestToken: String, source: String, known: Int, inFlight: Bool)
    /// A password sign-up answered with its redirect (the account exists), and `session` when its email
    /// verification was answered with `/welcome` (verified, and signed in with that session cookie).
    case passwordAccount(email: String, source: String, session: String?)
    /// A native Sign in with Apple answered with a session token; `signedOut` when its `DELETE /api/v1/session`
    /// was answered with 204, nil when that sign-out got no answer.
    case appleAccount(subject: String, source: String, token: String, signedOut: Bool?)
}
