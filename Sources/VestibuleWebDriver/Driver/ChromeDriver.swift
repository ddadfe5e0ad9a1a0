@preconcurrency import Glibc
import Foundation
import Synchronization
import VestibuleJSON

/// One chromedriver process and the browser sessions started through it.
///
/// The driver owns everything it starts: ``shutdown()`` (also run by `deinit`) closes every session, stops
/// chromedriver (`GET /shutdown`, then SIGKILL after a deadline), kills any browser process that survived, and
/// deletes the browsers' temporary profiles.
///
/// Every call blocks its thread (a loopback request to chromedriver, bounded by ``commandTimeout``); tests
/// call them from synchronous test functions, and async code should run them off the cooperative pool.
public final class ChromeDriver: Sendable {
    private struct State {
        var process: Process?
        var sessions: [BrowserSession] = []
        var sessionsStarted = 0
    }

    /// The port chromedriver listens on (127.0.0.1).
    public let port: Int
    /// The longest a single WebDriver command may take before it fails with `.transport`.
    public let commandTimeout: Duration
    /// The chromedriver process id (for diagnostics and tests that check processes are gone).
    public let processIdentifier: Int32
    /// A temporary folder holding chromedriver's log and the browsers' profiles; deleted by ``shutdown()``.
    public let workingDirectory: String
    private let browserBinary: String
    private let wire: WebDriverWire
    private let state: Mutex<State>

    /// Whether chromedriver and Chromium are installed (on `PATH` or in `/usr/bin`).
    public static var isAvailable: Bool {
        Executables.find(Executables.driverNames) != nil && Executables.find(Executables.browserNames) != nil
    }

    /// Starts chromedriver and waits until it reports ready.
    ///
    /// - Parameters:
    ///   - executable: chromedriver's path; by default found on `PATH` or in `/usr/bin`.
    ///   - port: the port for chromedriver; by default a free one.
    ///   - commandTimeout: the deadline of each WebDriver command (starting a session gets twice as long).
    /// - Throws: `.driverUnavailable` when chromedriver or Chromium is missing or chromedriver does not become
    ///   ready within 20 seconds.
    public init(executable: String? = nil, port: Int? = nil, commandTimeout: Duration = .seconds(30))
        throws(WebDriverError)
    {
        guard let executable = executable ?? Executables.find(Executables.driverNames) else {
            throw WebDriverError(.driverUnavailable, "chromedriver is not installed (apt-get install chromium-driver).")
        }
        guard let browserBinary = Executables.find(Executables.browserNames) else {
            throw WebDriverError(.driverUnavailable, "Chromium is not installed (apt-get install chromium).")
        }
        guard let port = port ?? ChildProcess.freePort() else {
            throw WebDriverError(.driverUnavailable, "No free TCP port on 127.0.0.1 for chromedriver.")
        }
        let workingDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("vestibule-webdriver-\(UUID().uuidString)").path
        let wire = WebDriverWire(port: port, commandTimeout: commandTimeout)
        let process = try Self.launch(executable, port: port, workingDirectory: workingDirectory, wire: wire)
        self.port = port
        self.commandTimeout = commandTimeout
        self.processIdentifier = process.processIdentifier
        self.workingDirectory = workingDirectory
        self.browserBinary = browserBinary
        self.wire = wire
        self.state = Mutex(State(process: process))
    }

    deinit { shutdown() }

    /// Starts a browser and opens a session in it (about a second).
    ///
    /// - Throws: `.sessionNotCreated` when Chromium does not start, `.driverUnavailable` after ``shutdown()``.
    public func newSession(_ options: BrowserOptions = BrowserOptions()) throws(WebDriverError) -> BrowserSession {
        let number = try state.withLock { (state) throws(WebDriverError) in
            guard state.process != nil else {
                throw WebDriverError(.driverUnavailable, "This ChromeDriver was shut down.")
            }
            state.sessionsStarted += 1
            return state.sessionsStarted
        }
        let profile = workingDirectory + "/profile-\(number)"
        let seconds = commandTimeout.components.seconds
        let timeouts: JSONValue = [
            "implicit": 0,
            "pageLoad": .number(Double(seconds * 1000 * 2 / 3)),
            "script": .number(Double(seconds * 1000 * 2 / 3)),
        ]
        let parameters = options.sessionParameters(binary: browserBinary, userDataDirectory: profile, timeouts: timeouts)
        let reply = try wire.post("/session", parameters, timeout: commandTimeout * 2)
        guard let id = reply["sessionId"]?.stringValue else {
            throw WebDriverError(.sessionNotCreated, "chromedriver's answer to POST /session has no sessionId.")
        }
        let session = BrowserSession(id: id, wire: wire, userDataDirectory: profile)
        let accepted = state.withLock { state in
            guard state.process != nil else { return false }
            state.sessions.append(session)
            return true
        }
        guard accepted else {
            session.close()
            throw WebDriverError(.driverUnavailable, "This ChromeDriver was shut down while the session started.")
        }
        return session
    }

    /// Closes every session this driver started, stops chromedriver and kills any browser process left over,
    /// then deletes the temporary profiles. Idempotent; waits at most about 20 seconds.
    public func shutdown() {
        let (process, sessions) = state.withLock { state in
            defer { state = State() }
            return (state.process, state.sessions)
        }
        guard let process else { return }
        for session in sessions { session.close(timeout: .seconds(10)) }
        // Remember the whole tree now: once chromedriver is gone, its browsers would be orphans.
        let children = ProcessTable.descendants(of: process.processIdentifier)
        _ = try? wire.get("/shutdown", timeout: .seconds(5))
        Self.waitForExit(process, within: .seconds(5))
        let leftovers = Set(children).union(ProcessTable.processes(withArgumentContaining: workingDirectory))
        for id in leftovers where ProcessTable.isAlive(id) { kill(id, SIGKILL) }
        let deadline = ContinuousClock.now + .seconds(5)
        while leftovers.contains(where: ProcessTable.isAlive), ContinuousClock.now < deadline { usleep(20_000) }
        try? FileManager.default.removeItem(atPath: workingDirectory)
    }
}
