import Foundation
import Testing
import VestibuleTesting
import VestibuleWebDriver

/// `make screenshots` retakes the README's pictures: its script starts a demo of its own and walks the tour in
/// Chromium. Run here so that a page change that breaks the tour fails the build rather than leaving the README
/// with stale pictures.
@Suite(.serialized, .enabled(if: ChromeDriver.isAvailable, "needs chromium and chromium-driver (make test installs them)"))
struct ScreenshotsScriptTests {
    @Test func theREADMETourIsTakenPictureByPicture() throws {
        let scratch = try ScratchDirectory(prefix: "vestibule-screenshots")
        let binDirectory = try VestibuleExecutable.url(named: "vestibule-screenshots").deletingLastPathComponent().path
        let script = PackageFolder.path("scripts/screenshots.sh")
        let pid = try ChildProcess.spawn(
            script, [binDirectory, scratch.path + "/pictures"], output: scratch.path + "/output.txt"
        )
        let status = ChildProcess.waitForExit(pid, timeout: .seconds(120))
        let output = (try? String(contentsOfFile: scratch.path + "/output.txt", encoding: .utf8)) ?? ""
        #expect(status == 0, "\(output)")

        // The README's pictures, by name, each a PNG of the tour's width.
        let readme = try String(contentsOfFile: PackageFolder.path("README.md"), encoding: .utf8)
        let named = readme.components(separatedBy: "(docs/screenshots/").dropFirst().map { $0.prefix { $0 != ")" } }
        #expect(named.count == 7, "the tour's pictures in the README: \(named)")
        for name in named {
            let bytes = try #require(FileManager.default.contents(atPath: scratch.path + "/pictures/" + name), "\(name)\n\(output)")
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is a PNG")
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == (name.hasPrefix("7-") ? 390 : 960), "\(name) is \(width) px wide")
        }
        #expect(!output.contains("did not start"), "\(output)")
    }
}
