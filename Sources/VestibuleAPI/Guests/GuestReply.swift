/// The reply of `POST /api/v1/guests` (201): a visitor's identity before any sign-in.
public struct GuestReply: Codable, Sendable, Equatable {
    public let guestID: String
    /// `vg_…`: the guest's secret. The app keeps it (a cookie of its own, the keychain) and sends it as
    /// `Authorization: Bearer`; Vestibule keeps only its SHA-256.
    public let guestToken: String

    public init(guestID: String, guestToken: String) {
        self.guestID = guestID
        self.guestToken = guestToken
    }
}
