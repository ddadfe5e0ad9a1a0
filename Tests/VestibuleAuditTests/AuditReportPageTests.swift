import Foundation
import Testing
import VestibuleAudit
import VestibuleTesting

/// The visual report's page, without a browser: escaping, grouping and numbering.
@Suite struct AuditReportPageTests {
    func finding(
        _ kind: Finding.Kind, _ selector: String, excerpt: String = "Terms", step: Int = 165,
        viewport: String = "320×568"
    ) -> Finding {
        Finding(
            kind: kind, selector: selector, excerpt: excerpt, step: step, viewport: viewport, locale: "en",
            url: "http://localhost/sign-in", detail: "measured"
        )
    }

    @Test func textFromThePageIsEscapedSoAHostileExcerptCannotRunOrBreakOut() {
        let hostile = finding(
            .clipped, "#x\"><img src=x onerror=alert(1)>", excerpt: "<script>alert('owned')</script>"
        )
        var report = AuditReport(findings: [hostile], checks: 1, pages: 1)
        report.picturedChecks = [
            PicturedCheck(
                page: "/sign-in<b>", url: hostile.url, locale: "en", viewport: "320×568", step: 165, previousStep: 135,
                safari: false, findings: [hostile], image: "images/0001-165.png", previousImage: "images/0001-135.png"
            )
        ]
        let page = AuditReportPage.render(report)
        #expect(!page.contains("<script>"))
        #expect(!page.contains("<img src=x"))
        #expect(!page.contains("<b>"))
        #expect(page.contains("&lt;script&gt;alert(&#39;owned&#39;)&lt;/script&gt;"))
        #expect(page.contains("#x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(page.contains("<img src=\"images/0001-135.png\""))
        #expect(page.contains("<img src=\"images/0001-165.png\""))
    }

    @Test func checksAreGroupedByPageThenLocaleAndViewportAndFindingsCarryTheirElementsNumber() {
        let first = [finding(.clipped, "#a"), finding(.overlap, "#b"), finding(.didNotGrow, "#a")]
        let second = [finding(.clipped, "#a", step: 312)]
        let wide = [finding(.clipped, "#a", viewport: "1280×800")]
        var report = AuditReport(findings: first + second + wide, checks: 6, pages: 1)
        report.picturedChecks = [(first, 165, "320×568"), (second, 312, "320×568"), (wide, 165, "1280×800")].map {
            PicturedCheck(
                page: "/sign-in", url: "http://localhost/sign-in", locale: "en", viewport: $0.2, step: $0.1,
                previousStep: 135, safari: false, findings: $0.0
            )
        }
        let page = AuditReportPage.render(report)
        #expect(page.components(separatedBy: "<h2>").count - 1 == 1)
        #expect(page.components(separatedBy: "<h3>").count - 1 == 2)
        #expect(page.components(separatedBy: "<article>").count - 1 == 3)
        #expect(report.picturedChecks[0].selectors == ["#a", "#b"])
        #expect(first.map(report.picturedChecks[0].number(of:)) == [1, 2, 1])
        #expect(page.contains("<span class=\"number\">2</span> <strong>overlap</strong> <code>#b</code>"))
    }

    /// A gate that fails names the report it wrote, and lists the findings; a clean run writes nothing.
    @Test func aGatesVerdictNamesTheVisualReportOnlyWhenThereAreFindings() throws {
        let scratch = try ScratchDirectory(prefix: "vestibule-gate-verdict")
        let clean = try AuditReport(checks: 8, pages: 1, steps: [100], viewports: ["320×568"], locales: ["en"])
            .gateVerdict(named: "Gate", reportDirectory: scratch.path + "/clean")
        #expect(clean.counts == "Gate: 8 checks (1 page × 1 step × 1 viewport × 1 locale), 0 findings, 0 s")
        #expect(clean.failure == nil)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/clean"))

        let failing = try AuditReport(findings: [finding(.clipped, "#a")], checks: 8, pages: 1)
            .gateVerdict(named: "Gate", reportDirectory: scratch.path + "/failing")
        let failure = try #require(failing.failure)
        #expect(failure.hasPrefix("1 finding (each outlined in a picture in \(scratch.path)/failing/index.html):"))
        #expect(failure.contains("clipped http://localhost/sign-in en 165% 320×568 #a “Terms” measured"))
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/failing/index.html"))
    }
}
