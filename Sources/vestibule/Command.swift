@preconcurrency import Glibc
import Foundation
import VestibuleApp
import VestibuleAppleButton
import VestibuleCommandLine
import VestibuleLogging

/// The `vestibule` command line: `serve`, `migrate`, `rotate-signing-key`, `copy-data`, `backup`, `restore`,
/// `button`, `apple`, `clients`, `operators`, `events`, `--help`, `--version`.
struct Command {
    static let version = "0.1.0"

    let arguments: [String]

    func run() -> Int32 {
        guard let subcommand = arguments.first else {
            print(Help.overview)
            return 0
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            print(Help.text(for: subcommand) ?? Help.overview)
            return 0
        }
        switch subcommand {
        case "--help", "-h", "help":
            print(rest.first.flatMap(Help.text(for:)) ?? Help.overview)
            return 0
        case "--version", "version":
            print("vestibule \(Self.version)")
            return 0
        case "serve":
            return withConfiguration(rest) { configuration, logger in try Serve.run(configuration, logger: logger) }
        case "migrate":
            return withConfiguration(rest) { configuration, logger in
                let result = try Application.migrate(configuration: configuration, logger: logger)
                let applied = result.applied.isEmpty ? "none (already current)" : result.applied.map(String.init).joined(separator: ", ")
                print("Migrations applied: \(applied). Schema version: \(result.version). Database: \(configuration.databaseDescription)")
            }
        case "rotate-signing-key":
            return withConfiguration(rest) { configuration, logger in
                let rotated = try Application.rotateSigningKey(
                    configuration: configuration,
                    environment: ProcessInfo.processInfo.environment,
                    logger: logger
                )
                for (algorithm, keyID) in rotated { print("New \(algorithm.rawValue) signing key \(keyID).") }
                print("The previous keys stay published in /.well-known/jwks.json for two days.")
            }
        case "copy-data":
            return reportingFailures {
                try CopyData.run(
                    rest, environment: ProcessInfo.processInfo.environment, printError: CommandFailure.printToStandardError
                )
            }
        case "backup":
            return reportingFailures {
                let environment = ProcessInfo.processInfo.environment
                try BackupCommand.run(rest, environment: environment, printError: CommandFailure.printToStandardError)
            }
        case "restore":
            return reportingFailures {
                let environment = ProcessInfo.processInfo.environment
                try RestoreCommand.run(rest, environment: environment, printError: CommandFailure.printToStandardError)
            }
        case "button":
            return ButtonCommand(arguments: rest).run()
        case "apple":
            return reportingFailures { try AppleCommand.run(rest, environment: ProcessInfo.processInfo.environment) }
        case "clients":
            return reportingFailures { try ClientsCommand.run(rest, environment: ProcessInfo.processInfo.environment) }
        case "operators":
            return reportingFailures { try OperatorsCommand.run(rest, environment: ProcessInfo.processInfo.environment) }
        case "events":
            return reportingFailures { try EventsCommand.run(rest, environment: ProcessInfo.processInfo.environment) }
        default:
            CommandFailure.printToStandardError("Unknown command \"\(subcommand)\".\n\n\(Help.overview)")
            return 64  // EX_USAGE
        }
    }

    /// Loads the configuration, then runs `body`.
    private func withConfiguration(
        _ arguments: [String],
        _ body: (Configuration, Logger) throws -> Void
    ) -> Int32 {
        reportingFailures {
            let configuration = try ConfigurationLoader(
                arguments: arguments,
                environment: ProcessInfo.processInfo.environment
            ).load()
            try body(configuration, Logger(label: "vestibule", minimumLevel: configuration.logLevel))
        }
    }

    /// Runs `body` and returns the exit status; any refusal is printed as one clear sentence, a configuration
    /// Vestibule refuses with 78 (EX_CONFIG).
    private func reportingFailures(_ body: () throws -> Void) -> Int32 {
        CommandFailure.exitStatus(program: "vestibule") {
            do { try body() } catch let error as ConfigurationError {
                throw CommandFailure.usage("Configuration error: \(error)")
            }
        }
    }
}
