public import VestibuleCrypto

/// The Apple developer account the emulator plays for one Vestibule in development: a team, its Sign in with
/// Apple key and its Services ID, made up on this machine. `vestibule-apple-emulator` and the tests register it
/// with an emulator and give Vestibule the same values an operator copies from Apple's developer site, as the
/// `apple-` settings; Vestibule itself cannot tell the two apart but by the issuer.
public struct DevelopmentTeam: Sendable {
    public static let teamID = "EMULATOR01"
    public static let keyID = "EMULATORK1"
    public static let servicesID = "dev.vestibule.web"
    public static let bundleID = "dev.vestibule.app"

    /// The team's Sign in with Apple key: Vestibule signs its client secrets with it.
    public let privateKey: SigningKey
    /// Vestibule's public URL: where the web flow returns and notifications go.
    public let vestibuleOrigin: String
    public let bundleIDs: [String]

    public init(privateKey: SigningKey, vestibuleOrigin: String, bundleIDs: [String] = [DevelopmentTeam.bundleID]) {
        self.privateKey = privateKey
        self.vestibuleOrigin = vestibuleOrigin
        self.bundleIDs = bundleIDs
    }

    /// The team as the emulator registers it.
    public func registeredClient() throws(CryptoError) -> AppleEmulator.RegisteredClient {
        AppleEmulator.RegisteredClient(
            teamID: Self.teamID,
            keyID: Self.keyID,
            clientSecretPublicKey: try PublicKey(jwk: privateKey.publicJWK(keyID: Self.keyID)),
            clientIDs: [Self.servicesID] + bundleIDs,
            redirectURIs: [vestibuleOrigin + "/apple/callback"],
            notificationURL: vestibuleOrigin + "/apple/notifications"
        )
    }
}
