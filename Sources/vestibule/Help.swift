import VestibuleApp

/// `--help` texts. The settings list is generated from the configuration table itself.
enum Help {
    static let overview = """
        vestibule \(Command.version): a self-hosted sign-in service (Sign in with Apple, passkeys, passwords).

        Usage:
          vestibule serve [settings]              Start the server (default http://127.0.0.1:8080).
          vestibule migrate [settings]            Apply database migrations, then exit.
          vestibule rotate-signing-key [settings] Start signing with a new key; the old one stays published.
          vestibule button [options]              Draw a custom Sign in with Apple button (SVG) around Apple's logo.
          vestibule help [command]                Show help for a command.
          vestibule --version                     Show the version.

        Run `vestibule serve --help` for every setting.
        """

    static func text(for command: String) -> String? {
        switch command {
        case "serve":
            return """
                Usage: vestibule serve [settings]

                Starts Vestibule with its SQLite database in the data folder, applying migrations first.
                Stops gracefully on SIGINT or SIGTERM: no new connections, in-flight requests finish,
                the database is closed.

                \(Configuration.settingsHelp)
                """
        case "migrate":
            return """
                Usage: vestibule migrate [settings]

                Applies every pending database migration in order, each in its own transaction, and prints
                the versions applied. `serve` does this at start-up too; run it alone before an upgrade.

                \(Configuration.settingsHelp)
                """
        case "rotate-signing-key":
            return """
                Usage: vestibule rotate-signing-key [settings]

                Creates a new signing key and retires the current one. Both are published in
                /.well-known/jwks.json until the old one's tokens have expired (two days).

                \(Configuration.settingsHelp)
                """
        case "button":
            return ButtonCommand.help
        default:
            return nil
        }
    }
}
