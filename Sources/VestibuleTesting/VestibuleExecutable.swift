@preconcurrency import Glibc
public import Foundation

/// The package's executables (`vestibule`, `vestibule-audit`, `vestibule-bookstore`), which
/// `swift build --build-tests` builds next to the test bundle.
public enum VestibuleExecutable {
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    public static func url(named name: String = "vestibule") throws -> URL {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
        ].compactMap { $0?.appendingPathComponent(name) }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw Missing(description: "No \(name) executable next to the tests (\(candidates.map(\.path))); run `swift build` first.")
        }
        return found
    }

    /// Runs `executable arguments…` to completion; returns its exit status and everything it printed.
    public static func run(
        _ arguments: [String], executable: String = "vestibule", environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try url(named: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try withSignalsUnblocked { try process.run() }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Children inherit the signal mask; one started from a thread that blocks SIGTERM would ignore it.
    public static func withSignalsUnblocked(_ body: () throws -> Void) throws {
        var empty = sigset_t()
        var previous = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try body()
    }
}
