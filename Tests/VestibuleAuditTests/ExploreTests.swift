import Foundation
import Testing
import VestibuleAudit
import VestibuleWebDriver

@Suite(.serialized, .sharedAuditBrowser, .enabled(if: ChromeDriver.isAvailable, chromiumMissing))
struct ExploreTests {
    @Test func dump() throws {
        let browser = try SharedAuditBrowser.require()
        let audit = LargerTextAudit(driver: browser.driver, configuration: AuditConfiguration(safariDynamicType: true))
        let start = Date()
        let report = try audit.run(FixturePages.pages.keys.sorted().map { AuditTarget(url: browser.site.url($0)) })
        var lines = ""
        for f in report.findings {
            lines += "F \(f.url.split(separator: "/").last!) \(f.kind) \(f.step) \(f.viewport) \(f.selector) | \(f.excerpt) | \(f.detail)\n"
        }
        try lines.write(toFile: "/tmp/audit-dump.txt", atomically: true, encoding: .utf8)
        print("checks \(report.checks) in \(Date().timeIntervalSince(start)) s; \(report.unchecked.count) unchecked")
    }
}
