import VestibuleCommandLine

/// `vestibule apple client-secret | verify`: Sign in with Apple chores for operators, without a running server.
enum AppleCommand {
    static let help = """
        Usage: vestibule apple client-secret [--client-id ID] [--lifetime SECONDS] [settings]
               vestibule apple verify --keys JWKS_FILE --audience AUD [options] TOKEN|-

        \(AppleClientSecretCommand.help)

        \(AppleVerifyCommand.help)
        """

    static func run(_ arguments: [String], environment: [String: String]) throws {
        let rest = Array(arguments.dropFirst())
        switch arguments.first {
        case "client-secret": try AppleClientSecretCommand.run(rest, environment: environment)
        case "verify": try AppleVerifyCommand.run(rest)
        default: throw CommandFailure.usage("apple takes client-secret or verify. Run `vestibule apple --help`.")
        }
    }
}
