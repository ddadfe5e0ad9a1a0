import Foundation
import VestibuleCommandLine

/// The `vestibule-apple-emulator` command line: `serve` (what `make run` starts beside Vestibule) and `notify`.
struct EmulatorCommand {
    static let version = "0.1.0"

    static let overview = """
        Usage: vestibule-apple-emulator serve [options]
               vestibule-apple-emulator notify TYPE --sub SUB [options]

        Sign in with Apple's server side on this machine, for development and tests: Apple's authorization
        page (an Apple ID is any address you type), its token, keys and revocation endpoints, and the
        server-to-server notifications Apple sends when a person changes their Apple ID settings. It signs
        with keys of its own, so only a Vestibule in development mode (`vestibule serve --development
        --apple-issuer …`) trusts it. It is not part of the `vestibule` executable and must never face the
        internet: anyone who reaches it can sign in as anyone.

        Run `vestibule-apple-emulator serve --help` or `notify --help` for each command's options.
        """

    let arguments: [String]

    func run() -> Int32 {
        guard let subcommand = arguments.first else {
            print(Self.overview)
            return 0
        }
        let rest = Array(arguments.dropFirst())
        let wantsHelp = rest.contains("--help") || rest.contains("-h")
        switch subcommand {
        case "--help", "-h", "help":
            print(Self.overview)
            return 0
        case "--version", "version":
            print("vestibule-apple-emulator \(Self.version)")
            return 0
        case "serve":
            if wantsHelp { print(ServeCommand.help); return 0 }
            return CommandFailure.exitStatus(program: "vestibule-apple-emulator") { try ServeCommand.run(rest) }
        case "notify":
            if wantsHelp { print(NotifyCommand.help); return 0 }
            return CommandFailure.exitStatus(program: "vestibule-apple-emulator") { try NotifyCommand.run(rest) }
        default:
            CommandFailure.printToStandardError("Unknown command \"\(subcommand)\".\n\n\(Self.overview)")
            return 64  // EX_USAGE
        }
    }
}
