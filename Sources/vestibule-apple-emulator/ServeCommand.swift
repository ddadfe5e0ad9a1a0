import Foundation
import VestibuleAppleEmulator
import VestibuleCommandLine
import VestibuleCrypto
import VestibuleHTTPServer
import VestibuleLogging

/// `vestibule-apple-emulator serve`: plays Apple for one Vestibule in development until SIGINT or SIGTERM.
///
/// Its data folder keeps the made-up team's `.p8` key and the secret `sub` and relay addresses derive from, so
/// a restart signs the same people in to the same accounts, and it writes `vestibule.env`: the `apple-` settings
/// that point Vestibule at it, for `make run` to pass on.
enum ServeCommand {
    static let help = """
        Usage: vestibule-apple-emulator serve --vestibule URL [--host HOST] [--port PORT] [--data-dir DIR]

        Serves Apple's side of Sign in with Apple for the Vestibule at --vestibule, and writes DIR/vestibule.env,
        the settings that make that Vestibule (in development mode) use this emulator:

          set -a; . DIR/vestibule.env; set +a; vestibule serve --development

          --vestibule URL  Vestibule's public URL, e.g. http://localhost:8080: where the web flow returns and
                           notifications go. Required.
          --host HOST      Where to listen; default 127.0.0.1. Loopback only: anyone who reaches the emulator can
                           sign in as anyone.
          --port PORT      Default 8081; 0 picks a free port.
          --data-dir DIR   Default ./.vestibule/apple-emulator. Holds the team's key, the subject secret and
                           vestibule.env.

        Exit status: 0 stopped by a signal; 1 cannot listen or write the data folder; 78 usage errors.
        """

    static func run(_ arguments: [String]) throws {
        let options = try CommandLineOptions(arguments, valued: ["--vestibule", "--host", "--port", "--data-dir"])
        guard options.rest.isEmpty else { throw CommandFailure.usage("serve takes no argument \(options.rest).") }
        guard let vestibule = try options.value("--vestibule"), let url = URL(string: vestibule),
              ["http", "https"].contains(url.scheme ?? ""), url.host() != nil
        else {
            throw CommandFailure.usage("serve needs --vestibule, Vestibule's public URL, like http://localhost:8080.")
        }
        let host = try options.value("--host") ?? "127.0.0.1"
        guard ["127.0.0.1", "::1", "localhost"].contains(host) else {
            throw CommandFailure.usage("--host must be a loopback address (127.0.0.1, ::1 or localhost): anyone who reaches the emulator can sign in as anyone.")
        }
        let portText = try options.value("--port") ?? "8081"
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw CommandFailure.usage("--port must be a number from 0 to 65535; got \(portText).")
        }
        let folder = EmulatorDataFolder(path: try options.value("--data-dir") ?? ".vestibule/apple-emulator")
        let team = DevelopmentTeam(privateKey: try folder.teamKey(), vestibuleOrigin: vestibule.trimmingSuffix("/"))

        // Before any other thread exists: see StopSignals.
        let stopSignals = StopSignals()
        let logger = Logger(label: "apple-emulator")
        let emulator = try AppleEmulator(
            configuration: AppleEmulator.Configuration(
                clients: [try team.registeredClient()], subjectSecret: try folder.subjectSecret()
            ),
            logger: logger
        )
        do {
            try emulator.start(host: host, port: port)
        } catch {
            throw CommandFailure.refused("The emulator cannot listen on \(host):\(port) (\(error)); choose another --port.")
        }
        try folder.writeVestibuleSettings(for: team, issuer: emulator.issuer)
        // Unbuffered, so scripts and tests reading the output see it at once.
        FileHandle.standardOutput.write(Data("""
            The Apple ID emulator is running at \(emulator.issuer) (listening on \(host):\(emulator.port)) for \
            \(team.vestibuleOrigin); Vestibule's settings are in \(folder.vestibuleSettingsPath). Press Ctrl-C to stop.\n
            """.utf8))
        logger.notice("Shutting down", ["signal": stopSignals.wait()])
        emulator.shutdown()
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
