import Foundation

/// The `--json` report: the run's numbers and every finding, each marked allowed or not.
struct JSONReport: Encodable {
    struct Counts: Encodable {
        var total: Int
        var allowed: Int
        var notAllowed: Int
        var byKind: [String: Int]
    }

    struct Entry: Encodable {
        var kind: String
        var selector: String
        var excerpt: String
        var step: Int
        var viewport: String
        var locale: String
        var url: String
        var detail: String
        var allowed: Bool
    }

    var tool = "vestibule-audit larger-text"
    /// pages × steps × viewports × locales (+ Safari passes) measurements made.
    var checks: Int
    var pages: Int
    var steps: [Int]
    var viewports: [String]
    var locales: [String]
    var durationSeconds: Double
    var unchecked: [String]
    /// Pages the script could not measure (not HTML, …): they make the exit status 1.
    var unmeasured: [String]
    var counts: Counts
    var findings: [Entry]

    init(_ report: AuditReport, allowList: AllowList) {
        checks = report.checks
        pages = report.pages
        steps = report.steps
        viewports = report.viewports
        locales = report.locales
        durationSeconds = (report.duration * 1000).rounded() / 1000
        unchecked = report.unchecked
        unmeasured = report.unmeasured
        findings = report.findings.map {
            Entry(
                kind: $0.kind.rawValue, selector: $0.selector, excerpt: $0.excerpt, step: $0.step,
                viewport: $0.viewport, locale: $0.locale, url: $0.url, detail: $0.detail, allowed: allowList.allows($0)
            )
        }
        let allowed = findings.filter(\.allowed).count
        counts = Counts(
            total: findings.count, allowed: allowed, notAllowed: findings.count - allowed,
            byKind: Dictionary(uniqueKeysWithValues: report.counts.map { ($0.key.rawValue, $0.value) })
        )
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }
}
