@preconcurrency public import Glibc
import Foundation

/// Servers the tests start with `posix_spawn`, for what Foundation's `Process` does badly here: a server
/// that a helper leaves running (`pg_ctl start`) would keep `Process`'s pipes open, its reaping has hung, and
/// it cannot start a child in a process group of its own.
public enum ChildProcess {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `path` with `arguments`, standard input from /dev/null, both outputs into the file `output` and
    /// no other descriptor, with no signal blocked (children inherit the mask; a blocked SIGTERM would be ignored). With
    /// `ownProcessGroup` the child leads a new process group, so it and every process it forks can be
    /// signalled at once with `kill(-pid, …)`.
    public static func spawn(
        _ path: String,
        _ arguments: [String],
        environment: [String: String] = [:],
        output: String,
        ownProcessGroup: Bool = false
    ) throws(Failure) -> pid_t {
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of the test process: a child holding the write end of another test's pipe would keep
        // that test's read from ever seeing its end.
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var flags = POSIX_SPAWN_SETSIGMASK
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw Failure(description: "cannot start \(path): errno \(rc)") }
        return pid
    }

    /// Waits for the child `pid` to end; returns its exit status (128 + the signal when a signal ended it).
    static func waitForExit(_ pid: pid_t) throws(Failure) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed: errno \(errno)") }
        }
        return exitStatus(status)
    }

    /// Waits up to `timeout` for the child `pid` to end; its exit status, or nil while it still runs.
    public static func waitForExit(_ pid: pid_t, timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return exitStatus(status) }
            // ECHILD: already reaped, or not our child; either way nothing is left to wait for.
            if reaped < 0, errno != EINTR { return errno == ECHILD ? 0 : nil }
            guard ContinuousClock.now < deadline else { return nil }
            usleep(10_000)
        }
    }

    /// A shell that waits for this test process to end, however it ends, and then runs `cleanup`: `atexit`
    /// handlers and `deinit` do not run when a test process crashes or is killed. Returns the shell's id, so
    /// an owner that cleaned up itself can end the watchdog early.
    @discardableResult
    static func startWatchdog(cleanup: String) -> pid_t? {
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            \(cleanup)
            """
        return try? spawn("/bin/sh", ["-c", script], output: "/dev/null")
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which its header declares only for
    /// `_GNU_SOURCE`, so Swift does not import it; nil with an older C library.
    private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static func exitStatus(_ status: Int32) -> Int32 {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
