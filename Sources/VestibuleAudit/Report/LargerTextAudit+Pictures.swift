import Foundation
import VestibuleJSON
import VestibuleWebDriver

extension LargerTextAudit {
    /// Checks with findings past this many are listed in the visual report without pictures: each picture pair
    /// costs a step back and two screenshots (about half a second), and a page broken at every step would
    /// otherwise spend many minutes drawing what its first pictures already show.
    static let picturedCheckLimit = 200

    /// Where the visual report keeps its pictures, relative to its directory.
    static let picturesFolder = "images"

    /// Pictures one check with findings for the visual report (see ``PicturedCheck``): the viewport now, at
    /// `step`, with the findings' elements outlined and numbered; then the page set one step smaller (the
    /// largest audited step below `step`) and pictured with the same outlines, so the reader sees the break
    /// happen. Leaves the page at that smaller step: the audit's next step sets its own size.
    ///
    /// `number` (1-based) names the files; past ``picturedCheckLimit`` the check is recorded without pictures.
    func picture(
        _ findings: [Finding], page: PageRun, step: Int, safari: Bool, number: Int, in session: BrowserSession,
        directory: String
    ) throws(WebDriverError) -> PicturedCheck {
        var check = PicturedCheck(
            page: page.target.displayName, url: page.target.url, locale: page.locale,
            viewport: page.viewport.description, step: step,
            previousStep: configuration.steps.filter { $0 < step }.max(), safari: safari, findings: findings
        )
        guard number <= Self.picturedCheckLimit else {
            check.missingReason = "only the first \(Self.picturedCheckLimit) checks with findings are pictured"
            return check
        }
        let name = String(format: "%04d", number)
        switch try shoot(check, at: step, file: name, in: session, directory: directory) {
        case .written(let file, let outlined):
            check.image = file
            check.notOutlined = zip(check.selectors, outlined).filter { !$0.1 }.map(\.0)
        case .failed(let reason):
            check.missingReason = reason
            return check
        }
        guard let previous = check.previousStep else { return check }
        try applyStep(previous, safari: safari, in: session)
        guard case .success = try measureOrExplain(step: previous, baseline: false, safari: safari, in: session) else {
            return check
        }
        if case .written(let file, _) = try shoot(check, at: previous, file: name, in: session, directory: directory) {
            check.previousImage = file
        }
        return check
    }

    enum Shot {
        /// The picture's path relative to the report's directory, and per selector whether it was outlined.
        case written(String, outlined: [Bool])
        case failed(String)
    }

    /// Draws the outlines, takes the screenshot, removes the outlines (also when the screenshot fails) and
    /// writes `NNNN-step[-safari].png` into the pictures folder. Throws only when the browser fails.
    private func shoot(
        _ check: PicturedCheck, at step: Int, file name: String, in session: BrowserSession, directory: String
    ) throws(WebDriverError) -> Shot {
        let outlines: [JSONValue] = check.selectors.enumerated().map { index, selector in
            let kinds = check.findings.filter { $0.selector == selector }.map(\.kind.rawValue)
            var seen: Set<String> = []
            let label = "\(index + 1) " + kinds.filter { seen.insert($0).inserted }.joined(separator: ", ")
            return ["selector": .string(selector), "label": .string(label)]
        }
        defer { _ = try? session.executeScript(OutlineScript.remove) }
        let outlined: [Bool]
        do {
            outlined = try session.executeScript(OutlineScript.draw, [.array(outlines)]).arrayValue?
                .map { $0.boolValue ?? false } ?? []
        } catch {
            // A page that breaks the drawing costs its picture, not the audit; a browser that fails does.
            guard error.code == .javascript else { throw error }
            return .failed("the outlines could not be drawn: \(error.message)")
        }
        let png = try session.screenshot()
        let file = "\(Self.picturesFolder)/\(name)-\(step)\(check.safari ? "-safari" : "").png"
        let path = (directory as NSString).appendingPathComponent(file)
        guard FileManager.default.createFile(atPath: path, contents: Data(png)) else {
            return .failed("could not write \(path)")
        }
        return .written(file, outlined: outlined)
    }
}
