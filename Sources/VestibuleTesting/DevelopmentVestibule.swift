import Synchronization

/// `vestibule serve --development` as a process beside its `vestibule-apple-emulator serve` process, as
/// `make run` starts the two, on `http://localhost:PORT`.
///
/// Each must be told the other's origin before it starts: Vestibule trusts the emulator's issuer (the
/// `VESTIBULE_APPLE_…` settings the emulator writes), and the emulator returns to and notifies Vestibule's public
/// URL (`--vestibule`). The emulator listens on port 0 and says which port it got; Vestibule's port is a
/// ``PortReservation``, so that its origin can be given to the emulator first, held while Vestibule runs, so that
/// ``crashAndRestart()`` finds it free again.
public final class DevelopmentVestibule: Sendable {
    public let appleEmulator: AppleEmulatorProcess
    /// `http://localhost:PORT`: Vestibule's public URL.
    public let origin: String
    /// Vestibule's data folder, for other `vestibule` commands on the same data.
    public let dataDirectory: String
    private let port: PortReservation
    private let arguments: [String]
    private let environment: [String: String]
    private let current: Mutex<ServerProcess>

    /// The running Vestibule process (a new one after each ``crashAndRestart()``).
    public var process: ServerProcess { current.withLock { $0 } }

    /// Starts both, the emulator keeping its data in `<folder>/apple-emulator` and Vestibule in `<folder>/data`;
    /// `arguments` are added to Vestibule's `serve`, `environment` to the emulator's settings.
    ///
    /// - Parameter port: Vestibule's port, when the caller had to tell its origin to yet another server (an app
    ///   that Vestibule's apps file registers); by default one reserved here.
    public init(
        folder: String, port: PortReservation? = nil, arguments: [String] = [], environment: [String: String] = [:]
    ) throws {
        let port = try port ?? PortReservation()
        self.port = port
        origin = "http://localhost:\(port.port)"
        dataDirectory = folder + "/data"
        appleEmulator = try AppleEmulatorProcess(vestibuleOrigin: origin, dataDirectory: folder + "/apple-emulator")
        self.arguments = [
            "serve", "--development", "--port", String(port.port), "--public-url", origin, "--data-dir", dataDirectory,
        ] + arguments
        self.environment = appleEmulator.vestibuleEnvironment.merging(environment) { $1 }
        do {
            current = Mutex(try ServerProcess(arguments: self.arguments, environment: self.environment))
        } catch {
            appleEmulator.stop()
            throw error
        }
    }

    /// Kills Vestibule with SIGKILL, as a crash or the OOM killer would, and starts it again on the same port
    /// and data; the emulator runs on. Returns once the new process listens.
    public func crashAndRestart() throws {
        process.killImmediately()
        let restarted = try ServerProcess(arguments: arguments, environment: environment)
        current.withLock { $0 = restarted }
    }

    /// Stops Vestibule, then its emulator.
    public func stop() {
        process.stop()
        appleEmulator.stop()
    }
}
