import Testing
import VestibuleWebDriver

/// One chromedriver and the fixture site for the whole suite (a browser costs about a second and 0.3 GB).
struct SharedAuditBrowser: Sendable {
    let driver: ChromeDriver
    let site: FixtureSite

    @TaskLocal static var current: SharedAuditBrowser?

    static func require() throws -> SharedAuditBrowser {
        try #require(current, "The suite needs the .sharedAuditBrowser trait.")
    }
}

/// Starts the site and chromedriver around a suite and shuts both down after it.
struct SharedAuditBrowserTrait: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard test.isSuite, ChromeDriver.isAvailable else { return try await function() }
        let site = try FixtureSite()
        defer { site.shutdown() }
        let driver = try ChromeDriver()
        defer { driver.shutdown() }
        try await SharedAuditBrowser.$current.withValue(SharedAuditBrowser(driver: driver, site: site)) {
            try await function()
        }
    }
}

extension Trait where Self == SharedAuditBrowserTrait {
    static var sharedAuditBrowser: Self { SharedAuditBrowserTrait() }
}

let chromiumMissing: Comment = "chromium and chromium-driver are not installed (scripts/install-deps.sh test)"
