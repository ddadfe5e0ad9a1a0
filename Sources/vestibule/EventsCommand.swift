import Foundation
import VestibuleApp
import VestibuleCommandLine
import VestibuleCore

/// `vestibule events`: the audit trail for an operator or a log shipper.
enum EventsCommand {
    static let defaultLimit = 1000

    static let help = """
        Usage: vestibule events [--account ID] [--since WHEN] [--limit N] [--json] [settings]

          Prints the audit trail: sign-ins that worked and failed (with the method), sign-ups, email
          confirmations, password changes and resets, passkeys added, renamed and removed, Sign in with Apple
          added and removed, sign-outs, consents to apps given and withdrawn, deleted accounts. Each event has
          its time, account, method, outcome, the client's network (as audit-addresses keeps it) and browser.
          Events are kept audit-retention-days (90 by default); an account's go with it when it is deleted.

            --account ID    Only this account's events (the id `vestibule events` and "Your data" show).
            --since WHEN    Only events at or after WHEN: a date and time in ISO 8601 (2026-12-01T09:00:00Z),
                            a date (2026-12-01, midnight UTC), or a time ago: 30m, 24h, 7d.
            --limit N       At most N events, the newest (default \(defaultLimit)).
            --json          One JSON object per line, oldest first, for a log shipper; without it, a table,
                            newest first.

          The database comes from the usual settings (--data-dir, --database, --config, VESTIBULE_…), as
          `serve` reads them; a running server may go on writing meanwhile.

          Exit status: 0 printed (perhaps nothing); 78 a bad option or setting; 1 the database could not be read.
        """

    static func run(_ arguments: [String], environment: [String: String], now: Date = Date()) throws {
        let options = try CommandLineOptions(arguments, valued: ["--account", "--since", "--limit"], switches: ["--json"])
        let since = try options.value("--since").map { text throws(CommandFailure) in try moment(text, now: now) }
        let limit = try options.value("--limit").map { text throws(CommandFailure) in
            guard let limit = Int(text), limit > 0 else { throw .usage("--limit must be a whole number above 0; got \(text).") }
            return limit
        } ?? defaultLimit
        let configuration = try ConfigurationLoader(arguments: options.rest, environment: environment).load()
        let events = try Application.auditEvents(
            configuration: configuration, account: options.value("--account").map(AccountID.init(rawValue:)),
            since: since, limit: limit
        )
        if options.contains(switch: "--json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            for event in events.reversed() { print(String(decoding: try encoder.encode(event), as: UTF8.self)) }
        } else {
            print(table(events))
        }
    }

    /// `--since`: an ISO 8601 moment or date, or a time ago.
    static func moment(_ text: String, now: Date) throws(CommandFailure) -> Date {
        if let ago = agoSeconds(text) { return now.addingTimeInterval(-ago) }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text + "T00:00:00Z", strategy: .iso8601) { return date }
        throw .usage("--since must be an ISO 8601 time (2026-12-01T09:00:00Z), a date (2026-12-01) or a time ago (30m, 24h, 7d); got \(text).")
    }

    private static func agoSeconds(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let count = Int(text.dropLast()), count >= 0 else { return nil }
        switch unit {
        case "m": return TimeInterval(count) * 60
        case "h": return TimeInterval(count) * 3600
        case "d": return TimeInterval(count) * 86_400
        default: return nil
        }
    }

    /// Newest first, one line each, the columns separated by two spaces.
    private static func table(_ events: [AuditEvent]) -> String {
        guard !events.isEmpty else { return "No events." }
        return events.map { event in
            [
                event.occurredAt.formatted(.iso8601), event.kind.rawValue, event.outcome.rawValue,
                event.method?.rawValue ?? "-", event.accountID?.rawValue ?? "-", event.clientAddress ?? "-",
                event.appID.map { "app=\($0)" } ?? "", event.detail.map { "\"\($0)\"" } ?? "",
            ].filter { !$0.isEmpty }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
