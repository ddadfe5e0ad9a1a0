@preconcurrency import Glibc
import Foundation

/// A server program a test runs in the foreground (nginx, Apache) from a fresh temporary directory of its own:
/// a child leading its own process group, with its configuration, pid file and logs in that directory.
///
/// It owns the process: ``stop()`` ends it (SIGTERM, then SIGKILL to its whole group after 5 seconds) and removes
/// the directory; a watchdog shell does the same, through the program's pid file, should the test process die
/// first. A watchdog outliving a clean stop signals nobody: the program removes its pid file when it exits.
final class ForegroundDaemon: @unchecked Sendable {
    // @unchecked: every stored property is set in init and only read afterwards, except `stopped`, which is
    // guarded by `lock`.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Readable by all: run as root, the servers' workers are an unprivileged user.
    let directory: String
    private let name: String
    private let pid: pid_t
    private let watchdog: pid_t?
    private let lock = NSLock()
    private var stopped = false

    /// Makes the directory, lets `prepare` write the program's files into it and name its command line, and
    /// starts it with its output in `output.log`.
    /// - Parameter pidFile: the file, in the directory, where the program writes its process id.
    init(name: String, pidFile: String, prepare: (_ directory: String) throws -> (executable: String, arguments: [String]))
        throws(Failure)
    {
        self.name = name
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vestibule-\(name)-\(UUID().uuidString.prefix(8))").path
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755]
            )
        } catch {
            throw Failure(description: "cannot create \(directory): \(error)")
        }
        watchdog = ChildProcess.startWatchdog(cleanup: """
            if [ -f '\(directory)/\(pidFile)' ]; then kill -TERM "$(cat '\(directory)/\(pidFile)')" 2>/dev/null; fi
            rm -rf '\(directory)'
            """)
        do {
            let (executable, arguments) = try prepare(directory)
            pid = try ChildProcess.spawn(executable, arguments, output: "\(directory)/output.log", ownProcessGroup: true)
        } catch {
            if let watchdog {
                kill(watchdog, SIGKILL)
                _ = try? ChildProcess.waitForExit(watchdog)
            }
            try? FileManager.default.removeItem(atPath: directory)
            throw Failure(description: "cannot start \(name): \(error)")
        }
    }

    deinit { stop() }

    /// The text of the directory's `files` that exist, joined: the program's own messages.
    func logs(_ files: [String]) -> String {
        files.compactMap { try? String(contentsOfFile: "\(directory)/\($0)", encoding: .utf8) }.joined(separator: "\n")
    }

    /// Polls `isReady` until it holds; fails, with `log`, when the program exits first or `timeout` passes.
    func waitUntilReady(timeout: Duration, log: () -> String, _ isReady: () -> Bool) throws(Failure) {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let status = ChildProcess.waitForExit(pid, timeout: .zero) {
                throw Failure(description: "\(name) exited with status \(status):\n\(log())")
            }
            if isReady() { return }
            usleep(20_000)
        }
        throw Failure(description: "\(name) did not answer within \(timeout):\n\(log())")
    }

    /// Stops the program and removes its files. Safe to call more than once.
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        kill(pid, SIGTERM)
        if ChildProcess.waitForExit(pid, timeout: .seconds(5)) == nil {
            // Not yet reaped, so the group id cannot have been reused: this reaches only the program's processes.
            kill(-pid, SIGKILL)
            _ = try? ChildProcess.waitForExit(pid)
        }
        try? FileManager.default.removeItem(atPath: directory)
        if let watchdog {
            kill(watchdog, SIGKILL)
            _ = try? ChildProcess.waitForExit(watchdog)
        }
    }
}
