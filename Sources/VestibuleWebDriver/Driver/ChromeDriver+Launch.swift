@preconcurrency import Glibc
import Foundation

extension ChromeDriver {
    /// Starts chromedriver and polls `GET /status` until it is ready; kills it on failure.
    static func launch(_ executable: String, port: Int, workingDirectory: String, wire: WebDriverWire)
        throws(WebDriverError) -> Process
    {
        // Another server on the port would answer /status for a chromedriver that failed to bind.
        guard (try? LoopbackSocket(port: port, what: "probe")) == nil else {
            throw WebDriverError(.driverUnavailable, "Port \(port) on 127.0.0.1 is already in use.")
        }
        let logPath = workingDirectory + "/chromedriver.log"
        let process = Process()
        do {
            try FileManager.default.createDirectory(atPath: workingDirectory, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: logPath, contents: nil)
            let log = FileHandle(forWritingAtPath: logPath)
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["--port=\(port)"]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = log ?? FileHandle.nullDevice
            process.standardError = log ?? FileHandle.nullDevice
            try ChildProcess.run(process)
        } catch {
            try? FileManager.default.removeItem(atPath: workingDirectory)
            throw WebDriverError(.driverUnavailable, "Cannot start \(executable): \(error)")
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline, process.isRunning {
            if (try? wire.get("/status", timeout: .seconds(2)))?["ready"]?.boolValue == true { return process }
            usleep(20_000)
        }
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)).map { String($0.suffix(2000)) } ?? ""
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: workingDirectory)
        throw WebDriverError(.driverUnavailable, "chromedriver did not become ready on port \(port). Its log:\n\(log)")
    }

    /// Waits for `process` to exit on its own, then kills it.
    static func waitForExit(_ process: Process, within timeout: Duration) {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
