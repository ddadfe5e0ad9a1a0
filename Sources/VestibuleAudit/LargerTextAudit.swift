@preconcurrency import Glibc
import Foundation
public import VestibuleWebDriver
import VestibuleJSON

/// The Larger Text audit: loads each page in headless Chromium and walks the text-size ladder at every viewport
/// and locale, measuring what breaks (see ``Finding/Kind``).
///
/// For each locale it starts one browser session (Accept-Language set to the locale) and keeps it for the
/// whole run. For each (page, viewport) it sets the viewport, sets the text size to 100 %, loads the page once,
/// records every text element's font size, then for each step sets the browser's default font size
/// (`Page.setFontSizes`, like a user's text-size setting) and runs one measuring script (`AuditScript`).
///
/// Safari mode (``AuditConfiguration/safariDynamicType``): Chromium rejects `font: -apple-system-body`, so a
/// page's `@supports (font: -apple-system-body) and (-webkit-touch-callout: none)` branch never applies in it.
/// For pages whose stylesheets mention `-apple-system-body`, a second pass per (page, viewport) keeps the
/// browser's default at 16 px and injects `html { font-size: N px !important }` with iOS's Body size for the
/// step (17, 19, 23, 28, 33, 40, 47, 53 px); findings of that pass say "[Safari Dynamic Type]" in their detail.
/// Only the root size is emulated, not other declarations inside that `@supports` block. Pages without the
/// keyword get an "unchecked" note in the report.
///
/// Every call blocks; run it off Swift's cooperative pool.
///
/// ```swift
/// let driver = try ChromeDriver()
/// defer { driver.shutdown() }
/// let audit = LargerTextAudit(driver: driver, configuration: AuditConfiguration(locales: ["en", "ja", "de", "ar"]))
/// let report = try audit.run([AuditTarget(url: "http://localhost:8080/sign-in")])
/// let allowList = try AllowList(contentsOf: "larger-text-allow.txt")
/// let failures = report.findings.filter { !allowList.allows($0) }
/// #expect(failures.isEmpty && report.unmeasured.isEmpty, "\(AuditSummary.render(report, allowList: allowList))")
/// ```
///
/// The rules and thresholds are documented on ``Finding/Kind`` and, in full, in `AuditScript.swift`; the
/// accuracy corpus in `Tests/VestibuleAuditTests` shows each defect found at the right steps and clean pages
/// giving no finding at any step and viewport.
public final class LargerTextAudit {
    public let driver: ChromeDriver
    public let configuration: AuditConfiguration
    private let progress: @Sendable (String) -> Void

    public init(
        driver: ChromeDriver, configuration: AuditConfiguration,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.driver = driver
        self.configuration = configuration
        self.progress = progress
    }

    /// Audits every target at every step, viewport and locale of the configuration.
    ///
    /// - Throws: `WebDriverError` when the browser cannot be started or a page cannot be loaded or measured.
    public func run(_ targets: [AuditTarget]) throws -> AuditReport {
        let started = ContinuousClock.now
        let steps = configuration.steps
        var report = AuditReport(
            pages: targets.count, steps: steps, viewports: configuration.viewports.map(\.description),
            locales: configuration.locales
        )
        var progressState = Progress(
            total: targets.count * steps.count * configuration.viewports.count * configuration.locales.count
        )
        if let directory = configuration.screenshotsDirectory {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        if let directory = configuration.reportDirectory {
            let pictures = (directory as NSString).appendingPathComponent(Self.picturesFolder)
            try? FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        }
        var safariUnchecked: Set<String> = []
        for locale in configuration.locales {
            let session = try driver.newSession(BrowserOptions(acceptLanguage: locale))
            defer { session.close() }
            for target in targets {
                if !target.cookies.isEmpty { try setCookies(target, in: session) }
                for viewport in configuration.viewports {
                    let page = PageRun(target: target, viewport: viewport, locale: locale)
                    let usesAppleSystemBody = try audit(page, in: session, safari: false, into: &report, &progressState)
                    guard configuration.safariDynamicType else { continue }
                    if usesAppleSystemBody {
                        progressState.total += steps.count
                        _ = try audit(page, in: session, safari: true, into: &report, &progressState)
                    } else {
                        safariUnchecked.insert(target.url)
                    }
                }
            }
        }
        var seenNotes: Set<String> = []
        report.unchecked = (report.unchecked + safariUnchecked.sorted().map {
            "Safari branch unchecked: page does not use -apple-system-body (\($0))"
        }).filter { seenNotes.insert($0).inserted }
        report.duration = Self.seconds(ContinuousClock.now - started)
        return report
    }

    /// One page at one viewport in one locale.
    struct PageRun {
        var target: AuditTarget
        var viewport: Viewport
        var locale: String
    }

    struct Progress {
        var total: Int
        var done = 0
    }

    /// Loads the page once and walks the steps; returns whether the page uses `-apple-system-body`.
    private func audit(
        _ page: PageRun, in session: BrowserSession, safari: Bool, into report: inout AuditReport,
        _ progressState: inout Progress
    ) throws -> Bool {
        try session.setViewport(width: page.viewport.width, height: page.viewport.height)
        try applyStep(100, safari: safari, in: session)
        try session.navigate(to: page.target.url)
        let mode = safari ? " Safari" : ""
        let baseline: JSONValue
        switch try measureOrExplain(step: 100, baseline: true, safari: safari, in: session) {
        case .success(let value): baseline = value
        case .failure(let message):
            // Not a page the script can measure (no <body>, an image, …): say so, and go on with the others.
            report.unmeasured.append("Could not measure \(page.target.url)\(mode) at \(page.viewport): \(message)")
            progressState.done += configuration.steps.count
            return false
        }
        let usesAppleSystemBody = baseline["usesAppleSystemBody"]?.boolValue ?? false
        for step in configuration.steps {
            try applyStep(step, safari: safari, in: session)
            let measured: JSONValue
            switch try measureOrExplain(step: step, baseline: false, safari: safari, in: session) {
            case .success(let value): measured = value
            case .failure(let message):
                report.unmeasured.append(
                    "Could not measure \(page.target.url)\(mode) at \(step)% \(page.viewport): \(message)"
                )
                progressState.done += 1
                continue
            }
            let wantedRoot = Double(AuditConfiguration.appleSystemBodySize(forStep: step))
            progressState.done += 1
            if safari, abs((measured["rootFontSize"]?.doubleValue ?? 0) - wantedRoot) > 0.5 {
                // The emulation did not take (the page's own inline !important root size?): no findings from a
                // size other than the one claimed.
                report.unchecked.append(
                    "Safari branch unchecked: the root font size could not be set on \(page.target.url)"
                )
                continue
            }
            let findings = Self.findings(in: measured, step: step, page: page, safari: safari)
            report.findings += findings
            report.checks += 1
            progress(
                "[\(progressState.done)/\(progressState.total)] \(page.target.displayName) \(page.locale)\(mode) "
                    + "\(step)% \(page.viewport): \(findings.count) finding\(findings.count == 1 ? "" : "s")"
            )
            if !findings.isEmpty, let directory = configuration.screenshotsDirectory {
                saveScreenshot(of: session, page: page, step: step, safari: safari, in: directory)
            }
            // After the plain screenshot: picturing steps the page back one size.
            if !findings.isEmpty, let directory = configuration.reportDirectory {
                report.picturedChecks.append(
                    try picture(
                        findings, page: page, step: step, safari: safari, number: report.picturedChecks.count + 1,
                        in: session, directory: directory
                    )
                )
            }
        }
        try applyStep(100, safari: false, in: session)
        return usesAppleSystemBody
    }

    /// Sets the browser's default font sizes for `step` (in Safari mode, keeps them at 100 %: the injected root
    /// size does the growing).
    func applyStep(_ step: Int, safari: Bool, in session: BrowserSession) throws(WebDriverError) {
        let sizes = AuditConfiguration.fontSizes(forStep: safari ? 100 : step)
        try session.setFontSizes(standard: sizes.standard, fixed: sizes.fixed)
    }

    enum Measurement {
        case success(JSONValue)
        /// The script threw in the page: its message.
        case failure(String)
    }

    /// Runs the measuring script; a script error in the page becomes `.failure`, other errors are thrown.
    func measureOrExplain(step: Int, baseline: Bool, safari: Bool, in session: BrowserSession)
        throws(WebDriverError) -> Measurement
    {
        let wanted = Double(AuditConfiguration.fontSizes(forStep: safari ? 100 : step).standard)
        do {
            // Page.setFontSizes reaches the renderer on its own channel: measure only once the page sees the size
            // (in practice at once; up to a second of retries).
            for _ in 0..<50 {
                let measured = try measure(step: step, baseline: baseline, safari: safari, in: session)
                if measured["defaultFontSize"]?.doubleValue == wanted { return .success(measured) }
                usleep(20_000)
            }
            return .failure("the page's default font size never became \(Int(wanted)) px")
        } catch {
            guard error.code == .javascript else { throw error }
            return .failure(error.message)
        }
    }

    private func measure(step: Int, baseline: Bool, safari: Bool, in session: BrowserSession) throws(WebDriverError)
        -> JSONValue
    {
        let options: JSONValue = [
            "step": .number(Double(step)),
            "baseline": .bool(baseline),
            "minSwitchStep": .number(Double(AuditConfiguration.layoutSwitchStep)),
            "safariRootSize": safari ? .number(Double(AuditConfiguration.appleSystemBodySize(forStep: step))) : .null,
        ]
        return try session.executeScript(AuditScript.source, [options])
    }

    /// Turns the script's answer into findings, one per (kind, selector), in a stable order.
    static func findings(in measured: JSONValue, step: Int, page: PageRun, safari: Bool) -> [Finding] {
        var findings: [Finding] = []
        var seen: Set<String> = []
        for kind in Finding.Kind.allCases {
            for entry in measured[kind.rawValue]?.arrayValue ?? [] {
                let selector = entry["selector"]?.stringValue ?? "?"
                let detail = entry["detail"]?.stringValue ?? ""
                guard seen.insert("\(kind.rawValue) \(selector) \(kind == .overlap ? detail : "")").inserted else {
                    continue
                }
                findings.append(
                    Finding(
                        kind: kind, selector: selector, excerpt: entry["excerpt"]?.stringValue ?? "", step: step,
                        viewport: page.viewport.description, locale: page.locale, url: page.target.url,
                        detail: safari ? "[Safari Dynamic Type] " + detail : detail
                    )
                )
            }
        }
        return findings
    }

    private func setCookies(_ target: AuditTarget, in session: BrowserSession) throws(WebDriverError) {
        // WebDriver sets cookies for the current document's origin only: open the page's origin first.
        try session.navigate(to: target.url)
        for cookie in target.cookies {
            try session.addCookie(name: cookie.name, value: cookie.value, path: "/")
        }
    }

    /// Writes a PNG of the viewport as `label-locale-step-viewport[-safari].png`; a failed screenshot is skipped.
    private func saveScreenshot(
        of session: BrowserSession, page: PageRun, step: Int, safari: Bool, in directory: String
    ) {
        guard let png = try? session.screenshot() else { return }
        let name = [page.target.displayName, page.locale, "\(step)", page.viewport.description, safari ? "safari" : ""]
            .filter { !$0.isEmpty }.joined(separator: "-")
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
        let path = (directory as NSString).appendingPathComponent(safe + ".png")
        _ = FileManager.default.createFile(atPath: path, contents: Data(png))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

@available(*, unavailable)
extension LargerTextAudit: Sendable {}
