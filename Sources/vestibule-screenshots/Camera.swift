import Foundation
import VestibuleWebDriver

/// One browser at one text size and language, photographing whole pages: the viewport is stretched to the
/// page's height before each picture, so a page at 312 % is shown to its end, not cut at the first screen.
struct Camera {
    let session: BrowserSession
    let width: Int
    let folder: String

    /// Chromium at `width` CSS pixels, its text size `percent` of the default (the browser's font-size
    /// setting, as a reader's would be), asking for pages in `language`.
    init(driver: ChromeDriver, width: Int, percent: Int, language: String, folder: String) throws {
        session = try driver.newSession(
            BrowserOptions(defaultFontSize: Int((16 * Double(percent) / 100).rounded()), acceptLanguage: language)
        )
        self.width = width
        self.folder = folder
        try session.setViewport(width: width, height: 800)
    }

    /// Waits for `css` on the page now shown, then writes the whole page to `<folder>/<name>.png`.
    func capture(_ name: String, waitingFor css: String = "main h1") throws {
        _ = try session.waitFor(css, timeout: .seconds(15))
        let height = try session.executeScript("return document.documentElement.scrollHeight").doubleValue ?? 800
        try session.setViewport(width: width, height: max(Int(height.rounded(.up)), 400))
        defer { try? session.setViewport(width: width, height: 800) }
        let path = folder + "/" + name + ".png"
        guard FileManager.default.createFile(atPath: path, contents: Data(try session.screenshot())) else {
            throw ScreenshotError("Cannot write \(path).")
        }
        print("wrote \(path)")
    }

    func open(_ url: String, waitingFor css: String = "main h1") throws {
        try session.navigate(to: url)
        _ = try session.waitFor(css, timeout: .seconds(15))
    }

    /// Clicks `css` once it is there.
    func click(_ css: String) throws {
        try session.waitFor(css, timeout: .seconds(15)).click()
    }
}

struct ScreenshotError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
