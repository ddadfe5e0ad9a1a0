public import VestibuleAPI

/// Guests (`docs/api.md`, "Guests"): a visitor's identity before any sign-in, and a native app's claim of it
/// once its person has signed in.
extension VestibuleClient {
    /// A new guest, for a visitor who is about to keep something (a cart) without an account.
    ///
    /// Keep ``Owner/bearer`` where the visitor's other state is (a cookie of your own, the keychain).
    public func createGuest() throws(VestibuleClientError) -> Owner {
        let reply = try exchange(.post, APIPath.guests, [String: String](), as: GuestReply.self)
        // Sent back as a bearer token, which is how Vestibule tells a guest from a session.
        guard reply.guestToken.hasPrefix("vg_") else {
            throw VestibuleClientError(.unexpectedReply, call: "POST \(APIPath.guests): not a guest token")
        }
        return .guest(token: reply.guestToken)
    }

    /// Moves the guest's documents into the signed-in account and deletes the guest, in one transaction (a native
    /// app's step after sign-in; web apps on another site use the hand-off, which claims at sign-in).
    ///
    /// - Throws: ``VestibuleClientError/Code/notFound`` when the guest is unknown, expired or claimed already.
    public func claimGuest(
        token guestToken: String, intoSession sessionToken: String, merging rule: MergeRule = .keepBoth
    ) throws(VestibuleClientError) -> ClaimReply {
        try exchange(
            .post, APIPath.guestClaim, ClaimRequest(guestToken: guestToken, merge: rule), bearer: sessionToken,
            as: ClaimReply.self
        )
    }
}
