import Foundation
import VestibuleHTML

/// The visual report: one HTML page, `index.html`, beside the pictures the audit took (``PicturedCheck``), that
/// opens from disk in any browser. Findings are grouped by page, then locale and viewport; each check shows the
/// view one step smaller and the view where it breaks side by side, the offending elements outlined and numbered
/// in both, and the findings under them by number.
///
/// Everything that comes from the audited pages (selectors, excerpts, details, URLs) is escaped: the page is
/// built with ``HTML``, which escapes every interpolated string.
public enum AuditReportPage {
    /// Why the page could not be written.
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String

        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `directory/index.html` for `report` (whose pictures are already in `directory`, see
    /// ``AuditConfiguration/reportDirectory``) and returns its path.
    @discardableResult
    public static func write(_ report: AuditReport, allowList: AllowList = AllowList(), to directory: String)
        throws(WriteError) -> String
    {
        let path = (directory as NSString).appendingPathComponent("index.html")
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(render(report, allowList: allowList).utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw WriteError(path: path, reason: error.localizedDescription)
        }
        return path
    }

    /// The page's HTML; findings the allow list accepts are marked “allowed”.
    public static func render(_ report: AuditReport, allowList: AllowList = AllowList()) -> String {
        let notAllowed = report.findings.filter { !allowList.allows($0) }.count
        var body: [HTML] = [
            "<h1>Larger Text audit</h1>",
            """
            <p>\(AuditSummary.counted(report.checks, "check")) (\(AuditSummary.counted(report.pages, "page")) × \
            \(AuditSummary.counted(report.steps.count, "text size")) × \
            \(AuditSummary.counted(report.viewports.count, "viewport")) × \
            \(AuditSummary.counted(report.locales.count, "locale"))): \
            \(AuditSummary.counted(report.findings.count, "finding")), \(notAllowed) not allowed.</p>
            """,
        ]
        if report.findings.isEmpty {
            body.append("<p>Nothing broke.</p>")
        } else if report.picturedChecks.isEmpty {
            body.append("<p>This run took no pictures: the audit was run without a report directory.</p>")
        } else {
            body.append(
                """
                <p>Each check shows the page one text size smaller and at the size where it breaks, side by side; \
                the elements that break are outlined in magenta and numbered in both pictures.</p>
                """
            )
        }
        for (page, checks) in grouped(report.picturedChecks, by: { PageKey(page: $0.page, url: $0.url) }) {
            var section: [HTML] = ["<h2><bdi>\(page.page)</bdi></h2>"]
            if page.url != page.page { section.append("<p class=\"url\"><bdi>\(page.url)</bdi></p>") }
            for (view, viewChecks) in grouped(
                checks, by: { ViewKey(locale: $0.locale, viewport: $0.viewport, safari: $0.safari) })
            {
                let safari: HTML = view.safari ? " · Safari Dynamic Type" : ""
                section.append("<h3>\(view.locale) · \(view.viewport)\(safari)</h3>")
                section += viewChecks.map { article($0, allowList: allowList) }
            }
            body.append("<section>\(section)</section>")
        }
        let notes = report.unmeasured + report.unchecked
        if !notes.isEmpty {
            body.append("<h2>Not checked</h2><ul>\(notes.map { "<li>\($0)</li>" as HTML })</ul>")
        }
        let page: HTML = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Larger Text audit</title>
            <style>\(style)</style></head>
            <body>\(body)</body></html>

            """
        return page.rendered
    }

    /// One check: the two pictures, then its findings by number.
    private static func article(_ check: PicturedCheck, allowList: AllowList) -> HTML {
        let outlined = check.selectors.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
        var figures: [HTML] = []
        if let previous = check.previousStep, let image = check.previousImage {
            figures.append(
                figure(
                    image, alt: "The page at \(previous) %, outlined: \(outlined)",
                    caption: "\(previous) %, one size smaller"))
        }
        if let image = check.image {
            figures.append(
                figure(
                    image, alt: "The page at \(check.step) %, outlined: \(outlined)",
                    caption: "\(check.step) %, where it breaks"))
        }
        var notes: [HTML] = []
        if let reason = check.missingReason { notes.append("<p class=\"note\">No picture: \(reason).</p>") }
        if check.image != nil, check.previousStep == nil {
            notes.append("<p class=\"note\">It breaks at the first text size audited: nothing smaller to compare.</p>")
        }
        if check.image != nil, check.previousStep != nil, check.previousImage == nil {
            notes.append("<p class=\"note\">No picture one size smaller: the page could not be measured there.</p>")
        }
        if !check.notOutlined.isEmpty {
            let names = check.notOutlined.joined(separator: ", ")
            notes.append(
                "<p class=\"note\">Not in the picture (outside the viewport, or not in the page): \(names).</p>"
            )
        }
        let items = check.findings.map { finding -> HTML in
            let allowed: HTML = allowList.allows(finding) ? " <em>(allowed)</em>" : ""
            let excerpt: HTML = finding.excerpt.isEmpty ? "" : "<p>“<bdi>\(finding.excerpt)</bdi>”</p>"
            return """
                <li><p><span class="number">\(check.number(of: finding))</span> \
                <strong>\(finding.kind.rawValue)</strong> \
                <code>\(finding.selector)</code>\(allowed)</p>\(excerpt)<p>\(finding.detail)</p>\
                <p class="meta">\(finding.step) % · \(finding.viewport) · \(finding.locale) — \
                \(AuditSummary.explanation(finding.kind))</p></li>
                """
        }
        let pair: HTML = figures.isEmpty ? "" : "<div class=\"pair\">\(figures)</div>"
        return "<article><h4>At \(check.step) %</h4>\(pair)\(notes)<ul class=\"findings\">\(items)</ul></article>"
    }

    private static func figure(_ image: String, alt: String, caption: String) -> HTML {
        """
        <figure><a href="\(image)"><img src="\(image)" alt="\(alt)"></a>\
        <figcaption>\(caption)</figcaption></figure>
        """
    }

    private struct PageKey: Hashable {
        var page: String
        var url: String
    }

    private struct ViewKey: Hashable {
        var locale: String
        var viewport: String
        var safari: Bool
    }

    /// `checks` grouped by `key`, groups in order of first appearance.
    private static func grouped<Key: Hashable>(_ checks: [PicturedCheck], by key: (PicturedCheck) -> Key)
        -> [(Key, [PicturedCheck])]
    {
        var order: [Key] = []
        var groups: [Key: [PicturedCheck]] = [:]
        for check in checks {
            let k = key(check)
            if groups[k] == nil { order.append(k) }
            groups[k, default: []].append(check)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    /// Plain and rem-based, so the report itself stays readable at a large text size and on a phone.
    private static let style: HTML = """
        :root { color-scheme: light dark; }
        body { font-family: system-ui, sans-serif; line-height: 1.5; max-width: 90rem; margin: 0 auto;
          padding: 1rem; overflow-wrap: anywhere; }
        h2 { margin-top: 2.5rem; padding-top: 1rem; border-top: 0.15rem solid; }
        article { margin: 1.5rem 0; }
        .pair { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
        figure { margin: 0; flex: 1 1 18rem; max-width: 42rem; }
        img { display: block; max-width: 100%; height: auto; border: 1px solid GrayText; }
        .findings { list-style: none; padding: 0; }
        .findings li { margin: 1rem 0; padding-left: 0.75rem; border-left: 0.3rem solid rgb(176, 0, 176); }
        .findings p { margin: 0.25rem 0; }
        .number { display: inline-block; min-width: 1.5em; padding: 0 0.3em; border-radius: 0.2em; text-align: center;
          font-weight: bold; color: #fff; background: rgb(176, 0, 176); }
        .url, .meta, .note { color: GrayText; }
        """
}
