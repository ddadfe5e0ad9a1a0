/// An email address an app handed over when it sent the person to create an account (a hand-off), kept
/// because the app told the person it would pass it on, and kept apart from ``Account/email``: nobody
/// confirmed that the person owns it. It is shown to the person ("Your data", the account page) and exported
/// with their data, and never used to send mail, to find an account or to link one.
public struct HandedOverEmail: Sendable, Equatable {
    public let address: String
    /// The registered app that handed it over (``RegisteredApp/id``).
    public let appID: String

    public init(address: String, appID: String) {
        self.address = address
        self.appID = appID
    }
}
