import Foundation
import VestibuleApp
import VestibuleCommandLine

/// `vestibule restore --from FILE --data-dir DIR [--secret-keys FILE]`: a backup made by `vestibule backup`,
/// verified, into a new data folder. Progress goes to standard error, the summary to standard output.
enum RestoreCommand {
    static let keysVariable = "VESTIBULE_SECRET_KEYS"

    static let help = """
        Usage: vestibule restore --from FILE --data-dir DIR [--secret-keys KEYS_FILE]

        Restores a backup made by `vestibule backup` into DIR, which must be empty or absent, as a data
        folder that `vestibule serve --data-dir DIR` serves. Before anything is kept it checks:
          - FILE's SHA-256 against FILE.sha256 beside it (a damaged or swapped file is refused),
          - its schema version (a backup from a newer Vestibule is refused; an older one is migrated by
            `serve` at start-up),
          - PRAGMA integrity_check,
          - that the secret keys open the backup's sealed signing keys (the wrong keys are refused).
        On any refusal DIR is left as it was found.

        The backup does not contain the secret keys; give them one of two ways:
          --secret-keys KEYS_FILE  A copy of the backed-up server's secret-keys file; it is copied into DIR
                                   (mode 0600), where `serve` reads it.
          \(keysVariable)    Set in the environment instead: nothing is written, and the restored server
                                   must be started with the same variable.

          --from FILE              The backup file, with FILE.sha256 beside it.
          --data-dir DIR           The new data folder.

        PostgreSQL installations restore with pg_restore; see `vestibule backup --help`.

        Exit status: 0 restored; 78 an option missing or unusable; 1 refused (checksum, schema version,
        integrity, keys, a folder that is not empty).
        """

    private static let parser = CommandLineParser([.value("--from"), .value("--data-dir"), .value("--secret-keys")])

    static func run(_ arguments: [String], environment: [String: String], printError: (String) -> Void) throws {
        let options: ParsedCommandLine
        do throws(CommandLineError) {
            options = try parser.parse(arguments)
        } catch {
            throw CommandFailure.usage("\(error) Run `vestibule restore --help`.")
        }
        guard let backup = options.value(of: "--from") else {
            throw CommandFailure.usage("restore needs --from FILE, the backup to restore.")
        }
        guard let folder = options.value(of: "--data-dir") else {
            throw CommandFailure.usage("restore needs --data-dir DIR, a new or empty folder to restore into.")
        }
        let keys: Application.RestoredKeys
        if let path = options.value(of: "--secret-keys") {
            keys = .file(path)
        } else if let list = environment[keysVariable] {
            keys = .environment(list)
        } else {
            throw CommandFailure.usage(
                "restore needs the secret keys of the server the backup was taken from: --secret-keys with a copy of "
                    + "its secret-keys file, or \(keysVariable)."
            )
        }
        let report: Application.RestoreReport
        do { report = try Application.restore(from: backup, into: folder, keys: keys, progress: printError) } catch {
            throw CommandFailure.refused(error.description)
        }
        let keysLine =
            report.secretKeysPath.map { "Secret keys written to \($0)." }
            ?? "Secret keys: none written; start the server with the same \(keysVariable)."
        let migration = report.needsMigration ? " (older than this Vestibule's: `serve` migrates it at start-up)" : ""
        print(
            """
            Restored \(backup) into \(report.databasePath):
              schema version  \(report.schemaVersion)\(migration)
              SHA-256         \(report.checksum), as recorded
              integrity       PRAGMA integrity_check ok
              signing keys    \(report.signingKeysOpened) opened with the secret keys given
            \(keysLine)
            Serve it with: vestibule serve --data-dir \(folder)
            """
        )
    }
}
