/// One Apple ID's consent to one team, what Apple remembers after the first "Continue" until the user (or the
/// team, through `/auth/revoke`) ends it.
struct Authorization: Sendable {
    let id: Int
    let appleID: AppleIDKey
    let subject: String
    /// What tokens carry as `email`: the Apple ID (shared), the relay address (hidden), or nil when the email
    /// scope was not granted at first consent.
    let email: String?
    let isPrivateEmail: Bool
    /// The name the user confirmed, when the name scope was granted; sent in `user` once.
    let name: PersonName?
}

/// The name in Apple's `user` object and in the native credential.
struct PersonName: Sendable, Codable, Equatable {
    var firstName: String
    var lastName: String
}
