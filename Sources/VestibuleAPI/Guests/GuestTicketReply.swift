/// The reply of `POST /api/v1/guests/ticket` (201): a one-time ticket that brings the guest along an OpenID
/// Connect authorization request (`vestibule_guest_ticket`), so its documents move to the account at sign-in.
/// The guest token itself never goes into a URL.
public struct GuestTicketReply: Codable, Sendable, Equatable {
    public let ticket: String
    /// Seconds the ticket stays valid.
    public let expiresIn: Int

    public init(ticket: String, expiresIn: Int) {
        self.ticket = ticket
        self.expiresIn = expiresIn
    }
}
