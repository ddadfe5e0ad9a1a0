import Foundation

/// A helper program a test runs to completion: `openssl`, `mount`, `sqlite3`.
public enum HelperCommand {
    /// Runs `executable` with `arguments`; returns its exit status and everything it printed (both streams).
    public static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try VestibuleExecutable.withSignalsUnblocked { try process.run() }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
