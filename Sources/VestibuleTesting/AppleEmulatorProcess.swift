import Foundation

/// `vestibule-apple-emulator serve` as a child process, for a `vestibule serve` process to sign in with Apple
/// against, as `make run` runs the two.
public final class AppleEmulatorProcess: Sendable {
    public let process: ServerProcess
    /// The `VESTIBULE_APPLE_…` settings the emulator wrote for Vestibule: pass them as its environment.
    public let vestibuleEnvironment: [String: String]

    /// The emulator's origin, e.g. `http://127.0.0.1:41234`.
    public var origin: String { vestibuleEnvironment["VESTIBULE_APPLE_ISSUER"] ?? "" }

    /// Starts an emulator on a free port for the Vestibule at `vestibuleOrigin`, keeping its data in `dataDirectory`.
    public init(vestibuleOrigin: String, dataDirectory: String) throws {
        process = try ServerProcess(
            executable: "vestibule-apple-emulator",
            arguments: ["serve", "--vestibule", vestibuleOrigin, "--port", "0", "--data-dir", dataDirectory]
        )
        let settings = try String(contentsOfFile: dataDirectory + "/vestibule.env", encoding: .utf8)
        var environment: [String: String] = [:]
        for line in settings.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { environment[parts[0]] = parts[1] }
        }
        vestibuleEnvironment = environment
    }

    public func stop() { process.stop() }
}
