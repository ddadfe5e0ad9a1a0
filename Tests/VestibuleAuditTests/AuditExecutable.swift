@preconcurrency import Glibc
import Foundation
import Synchronization

/// The `vestibule-audit` executable that `swift build --build-tests` (and `swift test`) builds next to the test
/// bundle; the audit's counterpart of VestibuleTesting's `VestibuleExecutable`.
enum AuditExecutable {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    static func url() throws -> URL {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
        ].compactMap { $0?.appendingPathComponent("vestibule-audit") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw Missing(description: "No vestibule-audit next to the tests (\(candidates.map(\.path))); run `swift build` first.")
        }
        return found
    }

    /// Runs `vestibule-audit arguments…` to completion; returns its exit status, stdout and stderr.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try withSignalsUnblocked { try process.run() }
        // Read stderr on another thread so neither pipe fills up and blocks the tool.
        let errorText = Mutex("")
        let reader = Thread {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = String(decoding: data, as: UTF8.self) }
        }
        reader.start()
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        while !reader.isFinished { usleep(5_000) }
        return (process.terminationStatus, outputText, errorText.withLock { $0 })
    }

    /// Children inherit the signal mask; one started from a thread that blocks SIGTERM would ignore it.
    static func withSignalsUnblocked(_ body: () throws -> Void) throws {
        var empty = sigset_t()
        var previous = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try body()
    }
}
