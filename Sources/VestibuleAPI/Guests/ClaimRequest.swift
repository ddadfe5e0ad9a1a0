/// The body of `POST /api/v1/guests/claim`: a native app, once its person signed in, moves its guest's
/// documents into the account. (Web apps on another site use the hand-off, which claims at sign-in.)
public struct ClaimRequest: Codable, Sendable, Equatable {
    /// The guest's `vg_…` token.
    public let guestToken: String
    /// ``MergeRule/keepBoth`` when absent.
    public let merge: MergeRule?

    public init(guestToken: String, merge: MergeRule? = nil) {
        self.guestToken = guestToken
        self.merge = merge
    }
}
