/// `vestibule serve --development` as a process beside its `vestibule-apple-emulator serve` process, as
/// `make run` starts the two, on `http://localhost:PORT`.
///
/// Each must be told the other's origin before it starts: Vestibule trusts the emulator's issuer (the
/// `VESTIBULE_APPLE_…` settings the emulator writes), and the emulator returns to and notifies Vestibule's public
/// URL (`--vestibule`). The emulator listens on port 0 and says which port it got; Vestibule's port is a
/// ``PortReservation``, so that its origin can be given to the emulator first, held until Vestibule listens on it.
public final class DevelopmentVestibule: Sendable {
    public let process: ServerProcess
    public let appleEmulator: AppleEmulatorProcess
    /// `http://localhost:PORT`: Vestibule's public URL.
    public let origin: String
    /// Vestibule's data folder, for other `vestibule` commands on the same data.
    public let dataDirectory: String

    /// Starts both, the emulator keeping its data in `<folder>/apple-emulator` and Vestibule in `<folder>/data`;
    /// `arguments` are added to Vestibule's `serve`.
    ///
    /// - Parameter port: Vestibule's port, when the caller had to tell its origin to yet another server (an app
    ///   that Vestibule's apps file registers); by default one reserved here.
    public init(folder: String, port: PortReservation? = nil, arguments: [String] = []) throws {
        let port = try port ?? PortReservation()
        origin = "http://localhost:\(port.port)"
        dataDirectory = folder + "/data"
        appleEmulator = try AppleEmulatorProcess(vestibuleOrigin: origin, dataDirectory: folder + "/apple-emulator")
        do {
            process = try ServerProcess(
                arguments: [
                    "serve", "--development", "--port", String(port.port), "--public-url", origin,
                    "--data-dir", dataDirectory,
                ] + arguments,
                environment: appleEmulator.vestibuleEnvironment
            )
        } catch {
            appleEmulator.stop()
            throw error
        }
        // Vestibule listens on the port now; the reservation may go.
        withExtendedLifetime(port) {}
    }

    /// Stops Vestibule, then its emulator.
    public func stop() {
        process.stop()
        appleEmulator.stop()
    }
}
