import Foundation
import Testing
import VestibuleBookstore
import VestibuleHTTPClient
import VestibuleTesting

/// `vestibule-bookstore` as an operator runs it: its help, its refusals, and serving until SIGTERM.
@Suite struct BookstoreCommandTests {
    @Test func helpSaysWhatTheBookstoreIsWhatItNeedsAndEveryOption() throws {
        let (status, output) = try VestibuleExecutable.run(["--help"], executable: "vestibule-bookstore")
        #expect(status == 0)
        for expected in ["What does it do?", "What does it need?", "vestibule serve --apps FILE", "http://localhost:8090/signed-in", "make run",
                         "--port", "--vestibule", "--public-url", "--host", "no database", "--app-key", "BOOKSTORE_APP_KEY"] {
            #expect(output.contains(expected), "\(expected)")
        }
    }

    @Test func optionsThatCannotWorkAreRefusedWithTheReason() throws {
        let refusals: [([String], String)] = [
            (["--port", "eighty"], "--port must be a number from 0 to 65535"),
            (["--port", "70000"], "--port must be a number from 0 to 65535"),
            (["--vestibule", "ftp://localhost"], "--vestibule must be an origin such as http://localhost:8080"),
            (["--public-url", "http://localhost:8090/shop"], "--public-url must be an origin"),
            (["--port"], "--port needs a value."),
            (["--port", "1", "--port=2"], "--port may be given only once."),
            (["--colour", "red"], "Unknown option --colour."),
            (["--app-key", "tiny-key-1234"], "--app-key must be the bookstore's app key: at least 32 characters"),
            (["--app-kee=tiny-key-1234"], "Unknown option --app-kee."),
        ]
        for (arguments, reason) in refusals {
            let (status, output) = try VestibuleExecutable.run(arguments, executable: "vestibule-bookstore")
            #expect(status == 64, "\(arguments)")
            #expect(output.contains(reason), "\(arguments): \(output)")
            #expect(!output.contains("tiny-key-1234"), "a key is never repeated")
        }
    }

    @Test func theOptionsSetTheConfiguration() throws {
        let configuration = try BookstoreConfiguration(arguments: [
            "--port=9000", "--host", "0.0.0.0", "--vestibule", "https://id.example.com/", "--public-url",
            "https://books.example.com",
        ])
        #expect(configuration.port == 9000 && configuration.host == "0.0.0.0")
        #expect(configuration.vestibuleOrigin == "https://id.example.com")
        #expect(configuration.origin == "https://books.example.com")
        #expect(try BookstoreConfiguration(arguments: []).origin == "http://localhost:8090")
        #expect(configuration.appKey == nil)
    }

    @Test func theAppKeyComesFromTheEnvironmentOrTheFlagWhichWins() throws {
        let fromEnvironment = String(repeating: "e", count: 40)
        let fromFlag = String(repeating: "F", count: 32)
        let environment = ["BOOKSTORE_APP_KEY": fromEnvironment]
        #expect(try BookstoreConfiguration(arguments: [], environment: environment).appKey == fromEnvironment)
        #expect(try BookstoreConfiguration(arguments: ["--app-key", fromFlag], environment: environment).appKey == fromFlag)
        #expect(throws: BookstoreConfiguration.UsageError.self) {
            try BookstoreConfiguration(arguments: [], environment: ["BOOKSTORE_APP_KEY": "short"])
        }
    }

    @Test func theBookstoreServesUntilSIGTERMAndThenStopsCleanly() throws {
        let server = try ServerProcess(
            executable: "vestibule-bookstore", arguments: ["--port", "0", "--vestibule", "http://localhost:1"]
        )
        defer { server.stop() }
        #expect(server.log.contains("Vestibule Books is running"))
        let page = try HTTPClient(userAgent: "test").get("http://127.0.0.1:\(server.port)/")
        #expect(page.status == 200)
        #expect(page.text.contains("Vestibule Books"))
        #expect(server.stop() == 0)
    }
}
