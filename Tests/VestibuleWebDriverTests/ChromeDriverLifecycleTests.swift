import Foundation
import Testing
import VestibuleTesting
import VestibuleWebDriver

/// Starting and stopping chromedriver: nothing may outlive the driver.
@Suite(.serialized, .enabled(if: ChromeDriver.isAvailable, chromiumMissing), .timeLimit(.minutes(2)))
struct ChromeDriverLifecycleTests {
    @Test func shutdownLeavesNoChromedriverOrChromiumProcessBehind() throws {
        let driver = try ChromeDriver()
        let session = try driver.newSession(BrowserOptions(windowSize: (800, 600), defaultFontSize: 24, acceptLanguage: "ja"))
        try session.navigate(to: "data:text/html;charset=utf-8,<p>x</p>")
        // The options reached the browser: the window size, the font-size preference and the language.
        #expect(try session.executeScript("return [window.outerWidth, window.outerHeight]") == [800, 600])
        #expect(try session.executeScript("return getComputedStyle(document.body).fontSize") == "24px")
        #expect(try session.executeScript("return navigator.language") == "ja")

        let tree = ProcessScan.descendants(of: driver.processIdentifier)
        let browsers = ProcessScan.withArgument(containing: session.userDataDirectory)
        #expect(!browsers.isEmpty, "the scan should see the browser it is about to check")
        #expect(browsers.isSubset(of: tree))
        #expect(FileManager.default.fileExists(atPath: driver.workingDirectory))

        let start = ContinuousClock.now
        driver.shutdown()
        // chromedriver obeyed GET /shutdown: the SIGKILL fallback only comes after a 5-second deadline.
        #expect(ContinuousClock.now - start < .seconds(4))
        #expect(!ProcessScan.isAlive(driver.processIdentifier))
        #expect(tree.filter(ProcessScan.isAlive).isEmpty)
        #expect(ProcessScan.withArgument(containing: driver.workingDirectory).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: driver.workingDirectory))

        driver.shutdown()
        let error = try #require(throws: WebDriverError.self) { try driver.newSession() }
        #expect(error.code == .driverUnavailable)
        session.close()
    }

    @Test func releasingTheDriverStopsChromedriver() throws {
        var driver: ChromeDriver? = try ChromeDriver()
        let id = try #require(driver?.processIdentifier)
        #expect(ProcessScan.isAlive(id))
        driver = nil
        #expect(!ProcessScan.isAlive(id))
    }

    @Test func aPortAlreadyInUseFailsWithDriverUnavailable() throws {
        let other = try CannedServer(reply: nil)
        defer { other.stop() }
        let error = #expect(throws: WebDriverError.self) { try ChromeDriver(port: other.port) }
        #expect(error?.code == .driverUnavailable)
    }

    @Test func aMissingExecutableFailsWithDriverUnavailable() {
        let error = #expect(throws: WebDriverError.self) {
            try ChromeDriver(executable: "/nonexistent/chromedriver")
        }
        #expect(error?.code == .driverUnavailable)
    }
}
