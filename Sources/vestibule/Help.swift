import VestibuleApp
import VestibuleAppleButton

/// `--help` texts. The settings list is generated from the configuration table itself.
enum Help {
    static let overview = """
        vestibule \(Command.version): a self-hosted sign-in service (Sign in with Apple, passkeys, passwords).

        Usage:
          vestibule serve [settings]              Start the server (default http://127.0.0.1:8080).
          vestibule migrate [settings]            Apply database migrations, then exit.
          vestibule rotate-signing-key [settings] Start signing with a new key; the old one stays published.
          vestibule copy-data --from sqlite:PATH --to postgres://…
                                                  Copy a SQLite database into an empty PostgreSQL one.
          vestibule backup --to FILE --without-secret-keys [settings]
                                                  Back up a running SQLite installation, with its checksum.
          vestibule restore --from FILE --data-dir DIR [--secret-keys FILE]
                                                  Verify a backup and restore it into an empty data folder.
          vestibule button [options]              Draw a custom Sign in with Apple button (SVG) around Apple's logo.
          vestibule apple client-secret [settings]
                                                  Print a client secret for Apple's token endpoint, from your settings.
          vestibule apple verify --keys FILE --audience AUD TOKEN
                                                  Verify an identity token or notification offline; print its claims.
          vestibule clients add|list|show|rotate-secret|remove [ID] [options] [--apps FILE]
                                                  Register the OpenID clients in the apps file; print a secret once.
          vestibule operators add|remove|list [EMAIL|ID] [settings]
                                                  Choose who may use the operator console at /operator.
          vestibule events [--account ID] [--since WHEN] [--json] [settings]
                                                  Print the audit trail: sign-ins, changes, consents.
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
        case "copy-data":
            return """
                Usage: vestibule copy-data --from sqlite:PATH --to postgres://user:password@host/database [--replace]

                Moves Vestibule from its SQLite database to PostgreSQL, to run several instances on one
                database. Stop Vestibule first. Copies every table (accounts, sign-in methods, sessions,
                passwords, passkeys, Apple identities and revocations, codes, pending sign-in steps, signing
                keys, rate-limit windows, the schema version) into the PostgreSQL database, migrating it first,
                in one transaction, then reads both back and compares each table's row count and SHA-256
                checksum. On any failure nothing is kept.

                  --from sqlite:PATH  The SQLite file, e.g. sqlite:.vestibule/vestibule.sqlite3. It must have
                                      this version's schema (run `vestibule migrate` on it first).
                  --to URL            The PostgreSQL database; default \(CopyData.targetVariable), which keeps
                                      the password out of the process list.
                  --replace           Delete what the PostgreSQL database holds first; without it, a database
                                      that holds data is refused.

                Then start each instance with that --database and VESTIBULE_SECRET_KEYS set to the keys in
                the old data folder's secret-keys file (its lines that are not comments), comma-separated.
                """
        case "backup":
            return BackupCommand.help
        case "restore":
            return RestoreCommand.help
        case "button":
            return ButtonCommand.help
        case "apple":
            return AppleCommand.help
        case "clients":
            return ClientsCommand.help
        case "events":
            return EventsCommand.help
        case "operators":
            return OperatorsCommand.help
        default:
            return nil
        }
    }
}
