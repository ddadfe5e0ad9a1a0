import Testing
import VestibuleWebDriver

/// One chromedriver, one browser session and the fixture site, shared by a suite's tests: a browser costs
/// about a second and 0.3 GB, so a suite starts one, not one per test.
struct SharedBrowser: Sendable {
    let driver: ChromeDriver
    let session: BrowserSession
    let site: FixtureSite

    @TaskLocal static var current: SharedBrowser?

    /// The shared browser of the running suite; fails the test when the suite lacks the `.sharedBrowser` trait.
    static func require() throws -> SharedBrowser {
        try #require(current, "The suite needs the .sharedBrowser trait.")
    }
}

/// Starts the site, chromedriver and a browser once around a whole suite, and shuts all of them down after it.
struct SharedBrowserTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard test.isSuite, ChromeDriver.isAvailable else { return try await function() }
        let site = try FixtureSite()
        defer { site.shutdown() }
        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        let shared = SharedBrowser(driver: driver, session: try driver.newSession(), site: site)
        try await SharedBrowser.$current.withValue(shared) { try await function() }
    }
}

extension Trait where Self == SharedBrowserTrait {
    static var sharedBrowser: Self { SharedBrowserTrait() }
}

/// Why browser tests skip on a machine without Chromium.
let chromiumMissing: Comment = "chromium and chromium-driver are not installed (scripts/install-deps.sh test)"
