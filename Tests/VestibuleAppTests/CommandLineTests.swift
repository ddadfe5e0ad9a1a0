import Foundation
import Testing
import VestibuleSQLite
import VestibuleTesting

/// The `vestibule` executable as an operator meets it.
@Suite struct CommandLineTests {
    @Test func versionAndHelpAnswer() throws {
        let version = try VestibuleExecutable.run(["--version"])
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("vestibule "))
        let help = try VestibuleExecutable.run(["serve", "--help"])
        #expect(help.status == 0)
        for text in ["--host", "--port", "--data-dir", "--config", "VESTIBULE_PORT", "VESTIBULE_SECRET_KEYS", "SIGTERM",
                     "--apps", "--development"] {
            #expect(help.output.contains(text), "serve --help mentions \(text)")
        }
        #expect(try VestibuleExecutable.run(["--help"]).output.contains("vestibule migrate"))
    }

    @Test func anUnknownCommandIsAUsageError() throws {
        let result = try VestibuleExecutable.run(["serv"])
        #expect(result.status == 64)
        #expect(result.output.contains("Unknown command \"serv\""))
    }

    @Test func badConfigurationIsRefusedAtStartUpWithWhatToFix() throws {
        let result = try VestibuleExecutable.run(["serve", "--port", "99999"])
        #expect(result.status == 78)
        #expect(result.output.contains("Configuration error: --port: port must be a whole number from 0 to 65535"))
    }

    /// An apps file with a mistake stops the server before it serves anyone, naming the app.
    @Test func aBadAppsFileIsRefusedAtStartUpNamingTheApp() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("apps-\(UUID().uuidString).json").path
        try #"{"apps": [{"id": "shop", "name": "Shop", "keySHA256": "00", "returnURLs": ["https://shop.example.com/back"]}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let result = try VestibuleExecutable.run(["serve", "--port", "0", "--apps", file])
        #expect(result.status == 78)
        #expect(result.output.contains(#"Configuration error: apps \#(file): app "shop": "keySHA256" must be"#), "\(result.output)")
    }

    /// A data policy with a mistake stops the server before it serves anyone, saying which field is wrong.
    @Test func aBadDataPolicyIsRefusedAtStartUpNamingTheField() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID().uuidString).json").path
        try #"{"fields": [{"name": "birthDate", "type": "birthday", "required": false}]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try VestibuleExecutable.run(["serve", "--port", "0", "--data-policy", file])
        #expect(result.status == 78)
        #expect(result.output.contains(
            "Configuration error: data-policy \(file): field \"birthDate\": \"type\" must be one of consent, country, date, phone, text; got \"birthday\"."
        ), "\(result.output)")
    }

    @Test func migrateAppliesTheSchemaOnceAndReportsIt() throws {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("vestibule-cli-\(UUID().uuidString)").path
        let first = try VestibuleExecutable.run(["migrate", "--data-dir", dataDirectory])
        #expect(first.status == 0, "\(first.output)")
        let every = (1...SQLiteStore.schema.latestVersion).map(String.init).joined(separator: ", ")
        #expect(first.output.contains("Migrations applied: \(every)."), "\(first.output)")
        let second = try VestibuleExecutable.run(["migrate", "--data-dir", dataDirectory])
        #expect(second.output.contains("Migrations applied: none (already current)."))
    }

    @Test func servePrintsWhereItRunsAndServesTheHomePage() throws {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("vestibule-cli-\(UUID().uuidString)").path
        let server = try ServerProcess(arguments: ["serve", "--development", "--port", "0", "--data-dir", dataDirectory])
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let home = try #require(try connection.readResponse())
        #expect(home.status == 200)
        #expect(home.text.contains("<h1>Welcome</h1>"))
        #expect(server.log.contains("Vestibule is running at http://localhost:"))
    }
}
