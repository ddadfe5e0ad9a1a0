import VestibuleJSON
/// The options of a WebDriver virtual authenticator (W3C WebAuthn §11, "Add Virtual Authenticator").
public struct VirtualAuthenticator: Sendable, Equatable {
    /// `ctap2` or `ctap1/u2f`.
    public var protocolName: String
    /// `internal` (a platform authenticator, like a phone's or a laptop's), `usb`, `nfc`, `ble`, `hybrid`.
    public var transport: String
    public var hasResidentKey: Bool
    public var hasUserVerification: Bool
    /// Whether user verification succeeds (a correct fingerprint) when asked for.
    public var isUserVerified: Bool

    public init(
        protocolName: String = "ctap2",
        transport: String = "internal",
        hasResidentKey: Bool = true,
        hasUserVerification: Bool = true,
        isUserVerified: Bool = true
    ) {
        self.protocolName = protocolName
        self.transport = transport
        self.hasResidentKey = hasResidentKey
        self.hasUserVerification = hasUserVerification
        self.isUserVerified = isUserVerified
    }

    /// A platform authenticator with discoverable credentials whose user verification succeeds: a passkey.
    public static let platformWithUserVerification = VirtualAuthenticator()

    var parameters: JSONValue {
        [
            "protocol": .string(protocolName),
            "transport": .string(transport),
            "hasResidentKey": .bool(hasResidentKey),
            "hasUserVerification": .bool(hasUserVerification),
            "isUserVerified": .bool(isUserVerified),
        ]
    }
}
