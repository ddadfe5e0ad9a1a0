import Foundation
import Testing
import VestibuleHTTPClient
import VestibuleJSON
import VestibuleTesting

/// `vestibule-apple-emulator`, run as `make run` runs it: `serve` beside a development `vestibule serve` that
/// takes its settings, and `notify`, which has it deliver a notification to that Vestibule.
@Suite struct AppleEmulatorCommandTests {
    @Test func notifyDeliversAndReportsVestibulesAnswer() throws {
        let scratch = try ScratchDirectory(prefix: "vestibule-emulator-cli")
        let site = try DevelopmentVestibule(folder: scratch.path)
        defer { site.stop() }
        let (server, emulator) = (site.process, site.appleEmulator)
        #expect(server.log.contains("Sign in with Apple uses the Apple ID emulator, not Apple"), "\(server.log)")

        // The emulator signs only for a sub it has signed in; Vestibule has never seen this one.
        let authorization = try HTTPClient(userAgent: "test").postJSON(
            emulator.origin + "/emulator/native-authorization",
            body: Array(#"{"clientID":"dev.vestibule.app","appleID":"cli@example.com"}"#.utf8)
        )
        let sub = try #require(JSONValue(parsing: authorization.body)?["user"]?.stringValue, "\(authorization.text)")

        let delivered = try Self.emulatorCommand(["notify", "email-disabled", "--sub", sub, "--emulator", emulator.origin])
        #expect(delivered.status == 0, "\(delivered.output)")
        #expect(delivered.output.contains("Vestibule answered 200 to email-disabled; jti "))

        let unknown = try Self.emulatorCommand(
            ["notify", "email-disabled", "--sub", "000000.unknown.0000", "--emulator", emulator.origin]
        )
        #expect(unknown.status == 1)
        #expect(unknown.output.contains("The emulator did not deliver the notification (404)"))
    }

    @Test func notifyRefusesAnUnknownType() throws {
        let result = try Self.emulatorCommand(["notify", "email-lost", "--sub", "x"])
        #expect(result.status == 78)
        #expect(result.output.contains("email-disabled, email-enabled, consent-revoked, account-delete"))
    }

    /// The emulator keeps its team's key and subject secret: a restart signs the same people in as the same subs,
    /// and the settings it writes for Vestibule stay the same.
    @Test func aRestartKeepsTheTeamKeyAndTheSettings() throws {
        let scratch = try ScratchDirectory(prefix: "vestibule-emulator-cli")
        let folder = scratch.path + "/apple-emulator"
        let first = try AppleEmulatorProcess(vestibuleOrigin: "http://localhost:8080", dataDirectory: folder)
        let key = try String(contentsOfFile: folder + "/team-key.p8", encoding: .utf8)
        first.stop()
        let second = try AppleEmulatorProcess(vestibuleOrigin: "http://localhost:8080", dataDirectory: folder)
        defer { second.stop() }
        #expect(try String(contentsOfFile: folder + "/team-key.p8", encoding: .utf8) == key)
        #expect(key.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(second.vestibuleEnvironment["VESTIBULE_APPLE_TEAM_ID"] == "EMULATOR01")
        #expect(second.vestibuleEnvironment["VESTIBULE_APPLE_PRIVATE_KEY_FILE"]?.hasSuffix("/team-key.p8") == true)
        let permissions = try FileManager.default.attributesOfItem(atPath: folder + "/team-key.p8")[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func serveRefusesAHostOtherMachinesReach() throws {
        let result = try Self.emulatorCommand(["serve", "--vestibule", "http://localhost:8080", "--host", "0.0.0.0"])
        #expect(result.status == 78)
        #expect(result.output.contains("--host must be a loopback address"))
    }

    private static func emulatorCommand(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try VestibuleExecutable.run(arguments, executable: "vestibule-apple-emulator")
    }
}
