import Foundation

/// A helper program a test runs to completion: `openssl`, `mount`, `sqlite3`.
public enum HelperCommand {
    /// Runs `executable` with `arguments`, `input` on its standard input; returns its exit status and everything
    /// it printed (both streams).
    public static func run(
        _ executable: String, _ arguments: [String], input: String? = nil
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // From a file rather than a pipe: writing a large input into a pipe while the output pipe fills would
        // deadlock both sides.
        let scratch = try input.map { _ in try ScratchDirectory(prefix: "vestibule-input") }
        if let input, let scratch {
            let path = scratch.path + "/input"
            try Data(input.utf8).write(to: URL(fileURLWithPath: path))
            process.standardInput = FileHandle(forReadingAtPath: path)
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try VestibuleExecutable.withSignalsUnblocked { try process.run() }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        withExtendedLifetime(scratch) {}
        return (process.terminationStatus, output)
    }
}
