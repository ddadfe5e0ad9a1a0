import VestibuleApp
import VestibuleAppleEmulator
import VestibuleCrypto
import VestibuleLogging

/// An Apple ID emulator on a free port for one Vestibule, stopped with its owner.
///
/// Each needs the other's origin: Vestibule trusts the emulator's issuer from the start, and the emulator returns
/// to Vestibule's origin, which is known only once Vestibule is built (it binds port 0 then). So the emulator
/// starts first, Vestibule is built with its settings, and the team is registered last (``registerTeam(for:)``).
final class EmulatorOwner: Sendable {
    let emulator: AppleEmulator
    private let teamKey: SigningKey

    /// Starts the emulator and points `configuration`'s Apple settings at it.
    init(for configuration: inout Configuration) throws {
        teamKey = try SigningKey.generate(.es256)
        emulator = try AppleEmulator(
            configuration: AppleEmulator.Configuration(clients: []),
            logger: Logger(label: "apple-emulator", sink: .discard)
        )
        // Tests run side by side: each emulator takes a free port.
        try emulator.start(host: "127.0.0.1", port: 0)
        configuration.appleIssuer = emulator.issuer
        configuration.appleTeamID = DevelopmentTeam.teamID
        configuration.appleKeyID = DevelopmentTeam.keyID
        configuration.appleServicesID = DevelopmentTeam.servicesID
        configuration.appleBundleIDs = [DevelopmentTeam.bundleID]
        configuration.applePrivateKey = try teamKey.pkcs8PEM()
    }

    /// Registers the team with the emulator for the Vestibule at `origin`: where the web flow returns and
    /// notifications go.
    func registerTeam(for origin: String) throws {
        emulator.register(try DevelopmentTeam(privateKey: teamKey, vestibuleOrigin: origin).registeredClient())
    }

    deinit { emulator.shutdown() }
}
