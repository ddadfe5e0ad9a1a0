import Foundation
import Testing
import VestibuleAudit
import VestibuleTesting
import VestibuleWebDriver

/// The visual report (`--report DIR`), in the real browser.
extension LargerTextAuditTests {
    /// The element's border box at `step`, measured in a browser of its own (an oracle independent of the audit).
    func rect(of selector: String, on path: String, at step: Int, in viewport: Viewport) throws -> (
        left: Double, top: Double, right: Double, bottom: Double
    ) {
        let browser = try SharedAuditBrowser.require()
        let session = try browser.driver.newSession()
        defer { session.close() }
        try session.setViewport(width: viewport.width, height: viewport.height)
        try session.navigate(to: browser.site.url(path))
        let sizes = AuditConfiguration.fontSizes(forStep: step)
        try session.setFontSizes(standard: sizes.standard, fixed: sizes.fixed)
        // The size reaches the page on its own channel: wait until the page's root size shows it.
        let rootSize = "return parseFloat(getComputedStyle(document.documentElement).fontSize)"
        #expect(
            eventually(timeout: .seconds(2)) {
                (try? session.executeScript(rootSize))?.doubleValue == Double(sizes.standard)
            })
        let r = try session.executeScript(
            "return document.querySelector(arguments[0]).getBoundingClientRect().toJSON()", [.string(selector)])
        let value = { (key: String) in r[key]?.doubleValue ?? .nan }
        return (value("left"), value("top"), value("right"), value("bottom"))
    }

    @Test func theReportPicturesEachCheckWithItsElementOutlinedBesideTheStepBefore() throws {
        let browser = try SharedAuditBrowser.require()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("audit-report-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let steps = [100, 135, 165]
        let configuration = AuditConfiguration(steps: steps, viewports: [Self.narrow], reportDirectory: directory)
        let report = try LargerTextAudit(driver: browser.driver, configuration: configuration).run([
            AuditTarget(url: browser.site.url("/px-locked"), label: "px-locked")
        ])
        try AuditReportPage.write(report, to: directory)

        // One pictured check per step with findings, each with the step before it.
        #expect(report.picturedChecks.map(\.step) == [135, 165])
        #expect(report.picturedChecks.map(\.previousStep) == [100, 135])
        #expect(report.picturedChecks.allSatisfy { $0.selectors == ["#fine-print"] && $0.notOutlined.isEmpty })
        let page = try String(contentsOfFile: directory + "/index.html", encoding: .utf8)
        #expect(page.contains("<code>#fine-print</code>"))
        #expect(page.contains("By continuing you accept the terms."))
        let session = try browser.driver.newSession()
        defer { session.close() }
        // A page without the fixture site's Content-Security-Policy, which would refuse a data: image.
        try session.navigate(to: "about:blank")
        for check in report.picturedChecks {
            for (image, step) in [(check.image, check.step), (check.previousImage, check.previousStep)] {
                let file = try #require(image, "no picture at \(step ?? 0) % for the check at \(check.step) %")
                let shownStep = try #require(step)
                #expect(page.contains("src=\"\(file)\""), "index.html shows \(file)")
                // The magenta outline sits 3 px around the element as it is laid out at that step: the picture
                // shows the element, not some other place.
                let outline = try #require(
                    try PictureProbe.find(
                        red: 255, green: 0, blue: 255, inPNGAt: directory + "/" + file, using: session),
                    "no outline in \(file)"
                )
                let element = try rect(of: "#fine-print", on: "/px-locked", at: shownStep, in: Self.narrow)
                // Pixels are inclusive: the 3 px border's last column is 2 px past the element's rounded-up edge.
                let expected = [
                    element.left.rounded(.down) - 3, element.top.rounded(.down) - 3, element.right.rounded(.up) + 2,
                    element.bottom.rounded(.up) + 2,
                ]
                let drawn = [outline.left, outline.top, outline.right, outline.bottom].map(Double.init)
                #expect(zip(drawn, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(file): \(outline) around \(element)")
            }
        }
    }

    @Test func picturingChecksChangesNoFindingAndLeavesNoOutlineInThePlainScreenshots() throws {
        let browser = try SharedAuditBrowser.require()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("audit-report-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let targets = ["/label-over-input", "/fixed-height", "/two-columns"].map {
            AuditTarget(url: browser.site.url($0), label: String($0.dropFirst()))
        }
        let steps = [100, 165, 312]
        let plain = try LargerTextAudit(
            driver: browser.driver, configuration: AuditConfiguration(steps: steps, viewports: [Self.narrow])
        ).run(targets)
        let pictured = try LargerTextAudit(
            driver: browser.driver,
            configuration: AuditConfiguration(
                steps: steps, viewports: [Self.narrow], screenshotsDirectory: directory + "/plain",
                reportDirectory: directory + "/report"
            )
        ).run(targets)
        #expect(!plain.findings.isEmpty)
        #expect(pictured.findings == plain.findings)
        #expect(pictured.picturedChecks.flatMap(\.findings) == pictured.findings)
        // The --screenshots pictures are taken before the outlines are drawn.
        let session = try browser.driver.newSession()
        defer { session.close() }
        // A page without the fixture site's Content-Security-Policy, which would refuse a data: image.
        try session.navigate(to: "about:blank")
        for file in try FileManager.default.contentsOfDirectory(atPath: directory + "/plain") {
            let found = try PictureProbe.find(
                red: 255, green: 0, blue: 255, inPNGAt: directory + "/plain/" + file, using: session)
            #expect(found == nil, "\(file) has an outline")
        }
    }

    @Test func aSafariCheckIsPicturedAtTheEmulatedSizeAndTheOneBefore() throws {
        let browser = try SharedAuditBrowser.require()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("audit-report-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = AuditConfiguration(
            steps: [100, 312], viewports: [Self.narrow], safariDynamicType: true, reportDirectory: directory
        )
        let report = try LargerTextAudit(driver: browser.driver, configuration: configuration).run([
            AuditTarget(url: browser.site.url("/apple-body"), label: "apple-body")
        ])
        let check = try #require(report.picturedChecks.first { $0.safari })
        #expect(check.step == 312 && check.previousStep == 100)
        #expect(check.image == "images/0002-312-safari.png" && check.previousImage == "images/0002-100-safari.png")
        #expect(check.findings.allSatisfy { $0.detail.hasPrefix("[Safari Dynamic Type]") })
        let page = AuditReportPage.render(report)
        #expect(page.contains("en · 320×568 · Safari Dynamic Type"))
        let session = try browser.driver.newSession()
        defer { session.close() }
        try session.navigate(to: "about:blank")
        for file in [check.image, check.previousImage].compactMap(\.self) {
            let found = try PictureProbe.find(
                red: 255, green: 0, blue: 255, inPNGAt: directory + "/" + file, using: session
            )
            #expect(found != nil, "no outline in \(file)")
        }
    }

    @Test func anElementOutsideThePictureIsNamedAsNotInIt() throws {
        let browser = try SharedAuditBrowser.require()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("audit-report-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = AuditConfiguration(steps: [100, 165], viewports: [Self.narrow], reportDirectory: directory)
        let report = try LargerTextAudit(driver: browser.driver, configuration: configuration).run([
            AuditTarget(url: browser.site.url("/far-apart"))
        ])
        let check = try #require(report.picturedChecks.first)
        #expect(check.selectors == ["#top-print", "#bottom-print"])
        #expect(check.notOutlined == ["#bottom-print"])
        let page = AuditReportPage.render(report)
        #expect(page.contains("Not in the picture (outside the viewport, or not in the page): #bottom-print."))
    }
}
