import Foundation
import VestibuleApp
import VestibuleCommandLine

/// `vestibule backup --to FILE --without-secret-keys [settings]`: a consistent copy of a running SQLite
/// installation. Progress goes to standard error, the summary to standard output.
enum BackupCommand {
    static let keysFlag = "--without-secret-keys"

    static let help = """
        Usage: vestibule backup --to FILE --without-secret-keys [settings]

        Copies Vestibule's SQLite database into FILE while Vestibule keeps serving: the copy holds every
        change committed before the backup began, taken with SQLite's online backup API from one snapshot
        (a plain `cp` of a database in use is not a backup: recent changes sit in the -wal file). It
        includes every table: accounts and their sign-in methods, passwords, passkeys, Apple identities,
        sessions, guests and their documents, codes, signing keys (sealed), OpenID grants, rate-limit
        windows, and the schema version. FILE is written with mode 0600 under a temporary name and appears
        only when complete; an existing FILE is never replaced.

        Verifying: the SHA-256 of FILE goes into FILE.sha256, in sha256sum's format; check a copy anywhere
        with `sha256sum -c FILE.sha256` in its folder. Before it restores anything, `vestibule restore`
        checks it and runs PRAGMA integrity_check.

        The secret keys are NOT in the backup. The data folder's secret-keys file (or VESTIBULE_SECRET_KEYS)
        opens the signing keys and secrets sealed in the database, so a backup without them cannot be served.
        They are left out on purpose, so that a stolen backup does not carry the key to itself: keep a copy
        of them apart from the backups (a password manager, a second location), and say so with
        \(keysFlag), without which the backup refuses to run.

          --to FILE                A new file for the backup; FILE.sha256 is written beside it.
          \(keysFlag)    Acknowledge that the backup leaves the secret keys out and they are kept elsewhere.
          settings                 As for `serve`: --data-dir, --config, VESTIBULE_… variables.

        PostgreSQL: with --database (VESTIBULE_DATABASE) this refuses; back up with PostgreSQL's tools, e.g.
          pg_dump --format=custom --file=vestibule.dump "$VESTIBULE_DATABASE"
        and restore into a new, empty database with
          pg_restore --no-owner --dbname=postgres://…/new_database vestibule.dump
        then start Vestibule on it with the same VESTIBULE_SECRET_KEYS. docs/operations.md has the details.

        Exit status: 0 backed up; 78 a setting or option missing or unusable; 1 refused or failed (nothing
        is left at FILE).
        """

    static func run(_ arguments: [String], environment: [String: String], printError: (String) -> Void) throws {
        let options = try CommandLineOptions(arguments, valued: ["--to"], switches: [keysFlag])
        guard let path = try options.value("--to") else {
            throw CommandFailure.usage("backup needs --to FILE, a new file to write the backup to.")
        }
        let configuration = try ConfigurationLoader(arguments: options.rest, environment: environment).settings()
        guard configuration.databaseURL == nil else {
            throw CommandFailure.usage(
                "Vestibule's database is PostgreSQL (\(configuration.databaseDescription)), which `vestibule backup` "
                    + "does not copy: back it up with pg_dump --format=custom, as `vestibule backup --help` shows."
            )
        }
        guard options.contains(switch: keysFlag) else {
            throw CommandFailure.usage(
                "A backup leaves out the secret keys that open it (the data folder's secret-keys file or "
                    + "VESTIBULE_SECRET_KEYS): keep them safe elsewhere and run again with \(keysFlag)."
            )
        }
        let report: Application.BackupReport
        do {
            report = try Application.backUp(databasePath: configuration.databasePath, to: path, progress: printError)
        } catch {
            throw CommandFailure.refused(error.description)
        }
        let keys =
            environment["VESTIBULE_SECRET_KEYS"] != nil
            ? "VESTIBULE_SECRET_KEYS" : (configuration.dataDirectory as NSString).appendingPathComponent("secret-keys")
        print(
            """
            Backed up \(configuration.databasePath) to \(report.path):
              schema version  \(report.schemaVersion)
              size            \(Application.megabytes(report.bytes)) MB (\(report.bytes) bytes)
              SHA-256         \(report.checksum), in \(report.checksumPath) (check: sha256sum -c)
            The secret keys are not in it: restoring needs the keys in \(keys) as they are now.
            """
        )
    }
}
