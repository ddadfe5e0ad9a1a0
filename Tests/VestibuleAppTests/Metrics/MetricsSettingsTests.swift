import Foundation
import Testing
@testable import VestibuleApp

/// The metrics listener's settings: off unless a port is set, on loopback unless an address is named, never the
/// public listener's port. The settings it refuses are in `ConfigurationTests`' table of bad settings.
@Suite struct MetricsSettingsTests {
    @Test func metricsAreOffByDefault() throws {
        let configuration = try ConfigurationLoader(arguments: [], environment: [:]).load()
        #expect(configuration.metricsPort == nil)
        #expect(configuration.effectiveMetricsHost == "127.0.0.1")
    }

    @Test func theMetricsListenerStaysOnLoopbackWhenThePublicOneServesEveryInterface() throws {
        let configuration = try ConfigurationLoader(
            arguments: ["--host", "0.0.0.0", "--metrics-port", "9100"], environment: [:]
        ).load()
        #expect(configuration.effectiveMetricsHost == "127.0.0.1")
        #expect(configuration.metricsPort == 9100)
    }

    @Test func metricsSettingsComeFromFlagsEnvironmentOrTheConfigFile() throws {
        let flags = try ConfigurationLoader(
            arguments: ["--metrics-port", "9100", "--metrics-host", "10.0.0.5"], environment: [:]
        ).load()
        #expect(flags.metricsPort == 9100)
        #expect(flags.effectiveMetricsHost == "10.0.0.5")
        let environment = try ConfigurationLoader(
            arguments: [], environment: ["VESTIBULE_METRICS_PORT": "9101", "VESTIBULE_METRICS_HOST": "::1"]
        ).load()
        #expect(environment.metricsPort == 9101)
        #expect(environment.effectiveMetricsHost == "::1")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vestibule-\(UUID().uuidString).json")
            .path
        try #"{"metricsPort": 9102}"#.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try ConfigurationLoader(arguments: ["--config", path], environment: [:]).load().metricsPort == 9102)
    }

    @Test func theHelpNamesTheMetricsSettings() {
        #expect(Configuration.settingsHelp.contains("--metrics-port PORT"))
        #expect(Configuration.settingsHelp.contains("--metrics-host ADDRESS"))
        #expect(Configuration.settingsHelp.contains("env VESTIBULE_METRICS_PORT, file key \"metricsPort\""))
    }
}
