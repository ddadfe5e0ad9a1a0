/// The body of `POST /api/v1/guests/ticket` (may be empty): what the app already knows of its guest, from a
/// purchase, which Vestibule's sign-up and sign-in pages fill in so the person is not asked again (SIWA-6).
public struct GuestTicketRequest: Codable, Sendable, Equatable {
    /// At most 64 characters.
    public let name: String?
    public let email: String?

    public init(name: String? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }
}
