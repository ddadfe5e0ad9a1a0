import Foundation
import Synchronization
import VestibuleTesting

/// Runs the `vestibule-audit` executable with stdout and stderr kept apart.
enum AuditExecutable {
    /// Runs `vestibule-audit arguments…` to completion; returns its exit status, stdout and stderr.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = try VestibuleExecutable.url(named: "vestibule-audit")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try VestibuleExecutable.withSignalsUnblocked { try process.run() }
        // Read stderr on another thread so neither pipe fills up and blocks the tool.
        let errorText = Mutex("")
        let errorsRead = DispatchSemaphore(value: 0)
        let reader = Thread {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = String(decoding: data, as: UTF8.self) }
            errorsRead.signal()
        }
        reader.start()
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        errorsRead.wait()
        return (process.terminationStatus, outputText, errorText.withLock { $0 })
    }
}
