/// How this Vestibule runs passkey ceremonies, from the operator's settings.
public struct PasskeyPolicy: Sendable {
    /// What the RP ID, origins, UV requirement and algorithms are.
    public var relyingParty: RelyingParty
    /// The name the system sheet shows ("Sign in to *name*").
    public var relyingPartyName: String
    /// How long a ceremony's challenge stays answerable, and how long the browser waits for the person.
    public var ceremonyTimeout: Duration

    public init(relyingParty: RelyingParty, relyingPartyName: String, ceremonyTimeout: Duration = .seconds(300)) {
        self.relyingParty = relyingParty
        self.relyingPartyName = relyingPartyName
        self.ceremonyTimeout = ceremonyTimeout
    }

    /// `required` when the relying party insists on UV; otherwise `preferred`, which Apple platforms always
    /// satisfy with Face ID, Touch ID or the device passcode.
    var userVerification: String { relyingParty.requireUserVerification ? "required" : "preferred" }

    var timeoutMilliseconds: Int {
        let (seconds, attoseconds) = ceremonyTimeout.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
