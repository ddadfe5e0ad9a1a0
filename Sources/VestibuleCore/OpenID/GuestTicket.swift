/// What an app brings along an OpenID Connect sign-in for its visitor (`vestibule_guest_ticket`): the guest whose
/// documents move to the account, and what the app already knows of the person, which prefills the sign-up and
/// sign-in pages so they are not asked again (SIWA-6).
public struct GuestTicket: Codable, Sendable, Equatable {
    /// The app the ticket was issued to: only its authorization requests may redeem it.
    public let appID: String
    public let guestID: GuestID
    public let name: String?
    public let email: String?

    public init(appID: String, guestID: GuestID, name: String? = nil, email: String? = nil) {
        self.appID = appID
        self.guestID = guestID
        self.name = name
        self.email = email
    }
}
