@preconcurrency import Glibc
public import Foundation

/// A `vestibule` executable (or another of the package's servers, such as `vestibule-bookstore`) started as a
/// child process, the way an operator runs it.
///
/// It owns the process: ``stop()`` sends SIGTERM and waits, and `deinit` kills a process still running,
/// so no test leaves a server behind; a watchdog shell kills it should the test process crash first.
public final class ServerProcess: @unchecked Sendable {
    // @unchecked: `process` is configured before `run()` and afterwards only read through Foundation's
    // thread-safe accessors; `output` and `watchdog` are guarded by `lock`.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let process = Process()
    private let lock = NSLock()
    private var output = ""
    private var watchdog: pid_t?

    /// The port the server printed that it listens on.
    public private(set) var port = 0

    /// Starts `executable arguments…` and waits until it says it is listening (`… (listening on HOST:PORT) …`).
    public init(
        executable: String = "vestibule", arguments: [String], environment: [String: String] = [:],
        startupTimeout: TimeInterval = 20
    ) throws {
        process.executableURL = try VestibuleExecutable.url(named: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.output += String(decoding: data, as: UTF8.self) }
        }
        try VestibuleExecutable.withSignalsUnblocked { try process.run() }
        let pid = process.processIdentifier
        // Checks the command line first: should the server have ended unnoticed, its id may be another's.
        watchdog = ChildProcess.startWatchdog(
            cleanup: "grep -q vestibule /proc/\(pid)/cmdline 2>/dev/null && kill -KILL \(pid)"
        )

        let deadline = Date().addingTimeInterval(startupTimeout)
        while Date() < deadline {
            if let port = listeningPort() {
                self.port = port
                return
            }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        endWatchdog()
        throw Failure(description: "\(executable) did not start listening. Its output:\n\(log)")
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        endWatchdog()
    }

    /// Ends the watchdog once the server is gone. Safe to call more than once.
    private func endWatchdog() {
        guard let watchdog = lock.withLock({ defer { watchdog = nil }; return watchdog }) else { return }
        kill(watchdog, SIGKILL)
        _ = try? ChildProcess.waitForExit(watchdog)
    }

    /// Everything the process printed so far.
    public var log: String { lock.withLock { output } }

    /// Sends SIGTERM (a graceful stop) and waits up to `timeout`; then SIGKILL. Returns the exit status,
    /// or `nil` when it had to be killed.
    @discardableResult
    public func stop(timeout: TimeInterval = 20) -> Int32? {
        defer { endWatchdog() }
        // Already ended (killed by the test): its id may belong to another process by now.
        guard process.isRunning else { return process.terminationStatus }
        signal(SIGTERM)
        _ = eventually(timeout: .seconds(timeout)) { !process.isRunning }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    /// Ends the process at once with SIGKILL, as a crash or the OOM killer would, and returns once it is
    /// gone: by then the kernel has closed its sockets, so nothing can reach it any more.
    public func killImmediately() {
        signal(SIGKILL)
        process.waitUntilExit()
        endWatchdog()
    }

    public func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// The process's peak resident memory so far (`VmHWM`), in bytes; `nil` once it has ended.
    public var peakResidentBytes: Int? {
        ProcessScan.peakResidentBytes(of: process.processIdentifier)
    }

    /// Whether a SIGSTOP has taken effect: `kill` returns before the process is stopped.
    public var isStopped: Bool { ProcessScan.isStopped(process.processIdentifier) }

    private func listeningPort() -> Int? {
        // "… (listening on 127.0.0.1:43117). Press Ctrl-C to stop."
        guard let marker = log.range(of: "listening on ") else { return nil }
        let address = log[marker.upperBound...].prefix { $0 != ")" }
        return address.split(separator: ":").last.flatMap { Int($0) }
    }
}
