import VestibuleApp
import VestibuleAppleEmulator
import VestibuleCrypto
import VestibuleLogging

/// An Apple ID emulator on a free port, registered for one Vestibule's configuration and stopped with its owner.
final class EmulatorOwner: Sendable {
    let emulator: AppleEmulator

    /// Starts the emulator for the Vestibule `configuration` describes and points its Apple settings at it.
    init(for configuration: inout Configuration) throws {
        let team = DevelopmentTeam(privateKey: try SigningKey.generate(.es256), vestibuleOrigin: configuration.origin)
        emulator = try AppleEmulator(
            configuration: AppleEmulator.Configuration(clients: [try team.registeredClient()]),
            logger: Logger(label: "apple-emulator", sink: .discard)
        )
        // Tests run side by side: each emulator takes a free port.
        try emulator.start(host: "127.0.0.1", port: 0)
        configuration.appleIssuer = emulator.issuer
        configuration.appleTeamID = DevelopmentTeam.teamID
        configuration.appleKeyID = DevelopmentTeam.keyID
        configuration.appleServicesID = DevelopmentTeam.servicesID
        configuration.appleBundleIDs = team.bundleIDs
        configuration.applePrivateKey = try team.privateKey.pkcs8PEM()
    }

    deinit { emulator.shutdown() }
}
