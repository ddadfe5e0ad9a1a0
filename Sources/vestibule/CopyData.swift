import Foundation
import VestibuleApp
import VestibuleCommandLine

/// `vestibule copy-data --from sqlite:PATH --to postgres://… [--replace]`: the move from one instance on SQLite
/// to several on PostgreSQL. Progress goes to standard error, the summary to standard output.
enum CopyData {
    /// Where `--to` comes from when it is not given, as `serve` reads it: a URL in the environment stays out
    /// of the process list and the shell's history, and this one holds a password.
    static let targetVariable = "VESTIBULE_DATABASE"

    static func run(_ arguments: [String], environment: [String: String], printError: (String) -> Void) throws {
        let (source, target, replacing) = try parse(arguments, environment: environment)
        let report = try Application.copyData(fromSQLite: source, toPostgres: target, replacing: replacing) { line in
            printError(line)
        }
        let width = report.tables.map(\.name.count).max() ?? 0
        var lines = ["Copied \(source) to \(report.target) (schema version \(report.schemaVersion)) and verified it:"]
        for table in report.tables {
            let name = table.name.padding(toLength: width, withPad: " ", startingAt: 0)
            let rows = String(table.rows).leftPadded(to: 7)
            lines.append("  \(name) \(rows) rows  SHA-256 \(table.checksum)")
        }
        lines.append("Every table has the same rows and checksum in both databases.")
        lines.append(
            "Start each instance with --database (or \(targetVariable)) and VESTIBULE_SECRET_KEYS set to the keys "
                + "in the old data folder's secret-keys file (its lines that are not comments), comma-separated."
        )
        print(lines.joined(separator: "\n"))
    }

    private static let parser = CommandLineParser([.value("--from"), .value("--to"), .flag("--replace")])

    /// The source path, the target URL and whether to replace. Errors name flags, never values: a value may be
    /// a URL with a password. A flag given twice counts the last time.
    private static func parse(
        _ arguments: [String],
        environment: [String: String]
    ) throws(ConfigurationError) -> (source: String, target: String, replacing: Bool) {
        let options: ParsedCommandLine
        do throws(CommandLineError) {
            options = try parser.parse(arguments)
        } catch {
            let help = "Run `vestibule copy-data --help`."
            let takes = "copy-data takes --from, --to and --replace. \(help)"
            switch error.code {
            case .missingValue: throw ConfigurationError("\(error) \(help)")
            case .unexpectedArgument: throw ConfigurationError("Unexpected argument: \(takes)")
            default: throw ConfigurationError("Unknown option \(error.argument): \(takes)")
            }
        }
        guard let from = options.value(of: "--from"), from.hasPrefix("sqlite:"), from.count > "sqlite:".count else {
            throw ConfigurationError("copy-data needs --from sqlite:PATH, the SQLite database to copy.")
        }
        guard let to = options.value(of: "--to") ?? environment[targetVariable] else {
            throw ConfigurationError("copy-data needs --to postgres://user:password@host/database (or \(targetVariable)).")
        }
        guard let url = URL(string: to), ["postgres", "postgresql"].contains(url.scheme ?? ""), url.host() != nil else {
            throw ConfigurationError("--to must be a PostgreSQL URL like postgres://vestibule:secret@db.example.com/vestibule.")
        }
        return (String(from.dropFirst("sqlite:".count)), to, options.contains("--replace"))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
