@preconcurrency import Glibc
public import Foundation

/// A `vestibule` executable started as a child process, the way an operator runs it.
///
/// It owns the process: ``stop()`` sends SIGTERM and waits, and `deinit` kills a process still running,
/// so no test leaves a server behind.
public final class ServerProcess: @unchecked Sendable {
    // @unchecked: `process` is configured before `run()` and afterwards only read through Foundation's
    // thread-safe accessors; `output` is written by the pipe's reader and read under `lock`.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let process = Process()
    private let lock = NSLock()
    private var output = ""

    /// The port the server printed that it listens on.
    public private(set) var port = 0

    /// Starts `vestibule arguments…` and waits until it says it is listening.
    public init(arguments: [String], environment: [String: String] = [:], startupTimeout: TimeInterval = 20) throws {
        process.executableURL = try VestibuleExecutable.url()
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
        throw Failure(description: "vestibule did not start listening. Its output:\n\(log)")
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Everything the process printed so far.
    public var log: String { lock.withLock { output } }

    /// Sends SIGTERM (a graceful stop) and waits up to `timeout`; then SIGKILL. Returns the exit status,
    /// or `nil` when it had to be killed.
    @discardableResult
    public func stop(timeout: TimeInterval = 20) -> Int32? {
        signal(SIGTERM)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    public func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    private func listeningPort() -> Int? {
        // "… (listening on 127.0.0.1:43117). Press Ctrl-C to stop."
        guard let marker = log.range(of: "listening on ") else { return nil }
        let address = log[marker.upperBound...].prefix { $0 != ")" }
        return address.split(separator: ":").last.flatMap { Int($0) }
    }
}
