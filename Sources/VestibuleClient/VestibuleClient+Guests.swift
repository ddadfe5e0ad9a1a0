public import VestibuleAPI

/// Guests (`docs/api.md`, "Guests"): a visitor's identity before any sign-in, a native app's claim of it once its
/// person has signed in, and a web app's ticket to bring it along a sign-in.
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

    /// A one-time ticket that brings `guest` along an OpenID Connect sign-in (``OpenIDSignInRequest/guestTicket``),
    /// with what the app knows of its person (from a purchase) for Vestibule's forms to fill in (SIWA-6). Needs the
    /// app's key.
    public func guestTicket(
        for guest: Owner, name: String? = nil, email: String? = nil
    ) throws(VestibuleClientError) -> String {
        try exchange(
            .post, APIPath.guestTicket, GuestTicketRequest(name: name, email: email), bearer: guest.bearer,
            as: GuestTicketReply.self
        ).ticket
    }
}
