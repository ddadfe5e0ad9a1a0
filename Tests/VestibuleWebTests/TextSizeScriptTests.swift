import Foundation
import Testing
import VestibuleHTML
import VestibuleHTTP
@testable import VestibulePages

/// The in-page text-size control's script (LT-4, LT-6). Static checks here; its behaviour in a browser is
/// exercised by the Larger Text audit in Chromium.
@Suite struct TextSizeScriptTests {
    let assets: StaticAssets
    let script: String

    init() throws {
        assets = try StaticAssets()
        script = String(decoding: try #require(assets.body(at: StaticAssets.textSizeScriptPath)), as: UTF8.self)
    }

    @Test func theScriptIsServedAsJavaScriptFromItsStaticPath() throws {
        var router = Router()
        assets.install(on: &router)
        let response = router.respond(to: try Request(method: .get, target: StaticAssets.textSizeScriptPath))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(response.body == Array(script.utf8))
        #expect(!response.body.isEmpty)
    }

    @Test(arguments: [BaseStylesheet.path, StaticAssets.stylesheetPath])
    func theStylesheetsAreStillServedAsCSS(path: String) throws {
        var router = Router()
        assets.install(on: &router)
        let response = router.respond(to: try Request(method: .get, target: path))
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "public, max-age=3600")
    }

    /// The steps follow iOS Dynamic Type's Body style from Small (88 %) to AX5 (312 %), so the in-page
    /// setting reaches the sizes the system setting does (LT-4).
    @Test func theScriptStepsThroughTheWholeLadder() {
        #expect(script.contains("[88, 100, 112, 135, 165, 194, 235, 277, 312]"))
    }

    /// The size is a percentage of the browser's default, so it scales the reader's own setting.
    @Test func theScriptSetsTheRootSizeInPercentThroughCSSOM() {
        #expect(script.contains("root.style.fontSize = step + \"%\""))
        // `setAttribute("style", …)` would be refused by `style-src 'self'`; CSSOM is not.
        #expect(!script.contains("setAttribute(\"style\""))
        #expect(!script.contains("setAttribute('style'"))
        #expect(!script.contains("cssText"))
    }

    @Test func theScriptRemembersTheChoiceAndAppliesItOnLoad() {
        #expect(script.contains("localStorage.setItem(storageKey"))
        #expect(script.contains("localStorage.getItem(storageKey)"))
        #expect(script.contains("var current = stored();\n  apply(current);"))
    }

    /// Shown only when the script runs; buttons are disabled at both ends of the ladder.
    @Test func theScriptShowsTheControlAndDisablesButtonsAtTheEnds() {
        #expect(script.contains("control.hidden = false"))
        #expect(script.contains("smaller.disabled = index <= 0"))
        #expect(script.contains("larger.disabled = index >= steps.length - 1"))
    }

    /// Nothing in the script needs what the Content-Security-Policy forbids.
    @Test func theScriptUsesNoEvalOrInlineHandlers() {
        for forbidden in ["eval(", "new Function", "innerHTML", "document.write", "setTimeout(\""] {
            #expect(!script.contains(forbidden), "\(forbidden)")
        }
    }
}
