/// The readable summary of a report: findings grouped by kind, then page, then element, with the steps and
/// viewports where each one happens.
public enum AuditSummary {
    /// Renders `report`; findings the allow list accepts are counted and listed as allowed.
    public static func render(_ report: AuditReport, allowList: AllowList = AllowList()) -> String {
        var lines: [String] = []
        let seconds = (report.duration * 10).rounded() / 10
        lines.append("Larger Text audit: \(report.checks) checks (\(dimensions(of: report))) in \(seconds) s")
        let allowed = report.findings.filter(allowList.allows)
        lines.append(
            "\(counted(report.findings.count, "finding")), \(report.findings.count - allowed.count) not allowed, "
                + "\(allowed.count) allowed."
        )
        for kind in Finding.Kind.allCases {
            let ofKind = report.findings.filter { $0.kind == kind }
            guard !ofKind.isEmpty else { continue }
            lines.append("")
            lines.append("\(kind.rawValue) (\(ofKind.count)): \(explanation(kind))")
            for url in unique(ofKind.map(\.url)) {
                lines.append("  \(url)")
                let onPage = ofKind.filter { $0.url == url }
                for key in unique(onPage.map { ElementKey(selector: $0.selector, locale: $0.locale) }) {
                    let group = onPage.filter { $0.selector == key.selector && $0.locale == key.locale }
                    let isAllowed = group.allSatisfy(allowList.allows)
                    let excerpt = group[0].excerpt.isEmpty ? "" : " “\(group[0].excerpt)”"
                    lines.append("    \(key.selector)\(excerpt) [\(key.locale)]\(isAllowed ? " (allowed)" : "")")
                    for viewport in unique(group.map(\.viewport)) {
                        let steps = group.filter { $0.viewport == viewport }.map(\.step)
                        lines.append("      \(viewport): \(unique(steps).map { "\($0)%" }.joined(separator: ", "))")
                    }
                    if let worst = group.max(by: { $0.step < $1.step }) {
                        lines.append("      e.g. at \(worst.step)% \(worst.viewport): \(worst.detail)")
                    }
                }
            }
        }
        if !report.unmeasured.isEmpty || !report.unchecked.isEmpty {
            lines.append("")
            lines += report.unmeasured + report.unchecked
        }
        return lines.joined(separator: "\n")
    }

    /// "2 pages × 8 steps × 5 viewports × 4 locales": what the run's checks multiply out of.
    static func dimensions(of report: AuditReport) -> String {
        [
            counted(report.pages, "page"), counted(report.steps.count, "step"),
            counted(report.viewports.count, "viewport"), counted(report.locales.count, "locale"),
        ].joined(separator: " × ")
    }

    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    private struct ElementKey: Hashable {
        var selector: String
        var locale: String
    }

    private static func unique<T: Hashable>(_ values: [T]) -> [T] {
        var seen: Set<T> = []
        return values.filter { seen.insert($0).inserted }
    }

    static func explanation(_ kind: Finding.Kind) -> String {
        switch kind {
        case .didNotGrow: "text that did not follow the text size (px-locked; F80 for controls)"
        case .clipped: "text cut off by a fixed-size box, an ellipsis or a line clamp (F69)"
        case .overlap: "text drawn over other text or a control"
        case .horizontalScroll: "the page scrolls sideways (WCAG 1.4.10 Reflow)"
        case .noLayoutSwitch: "side-by-side items that still sit side by side when they no longer fit (from AX1)"
        case .brokenPhrase: "Japanese broken inside a phrase, not at a <wbr>, space or punctuation"
        }
    }
}
