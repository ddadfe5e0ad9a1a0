import Foundation
@preconcurrency import Glibc

/// Start-up as an operator sees it: from exec to `/readyz` answering 200, on a database that is already
/// migrated, and the resident memory of the instance idle a second later.
///
/// `vestibule-bench startup VESTIBULE DATA-DIR STARTS` starts `VESTIBULE serve --development` once to migrate
/// DATA-DIR (not measured), then STARTS times more, and prints `ready-ms` and `idle-rss-kb` for each start.
enum StartupBenchmark {
    /// Next to the ports `scripts/bench.sh` uses, which are closed by the time it measures start-up.
    private static let port = 18086

    static func main(arguments: [String]) {
        guard arguments.count == 3, let starts = Int(arguments[2]) else {
            FileHandle.standardError.write(Data("usage: vestibule-bench startup VESTIBULE DATA-DIR STARTS\n".utf8))
            exit(64)
        }
        do {
            _ = try start(binary: arguments[0], dataDirectory: arguments[1])
            for _ in 0..<starts {
                let (milliseconds, residentKiB) = try start(binary: arguments[0], dataDirectory: arguments[1])
                CryptoBenchmark.report("ready-ms", milliseconds)
                CryptoBenchmark.report("idle-rss-kb", Double(residentKiB))
            }
        } catch {
            FileHandle.standardError.write(Data("vestibule-bench startup: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Starts an instance, polls `/readyz` every half millisecond until it answers 200, waits a second, reads the
    /// instance's RSS and stops it.
    private static func start(
        binary: String, dataDirectory: String
    ) throws -> (milliseconds: Double, residentKiB: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "serve", "--development", "--port", String(port), "--data-dir", dataDirectory, "--log-level", "info",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let started = clock.now
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let connection = try HTTPConnection(url: "http://127.0.0.1:\(port)")
        while (try? connection.send(method: "GET", path: "/readyz", headers: []))?.status != 200 {
            guard process.isRunning, clock.now - started < .seconds(10) else {
                throw BenchmarkError("no answer from /readyz on port \(port)")
            }
            usleep(500)
        }
        let elapsed = clock.now - started
        sleep(1)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return (milliseconds, try residentKiB(of: process.processIdentifier))
    }

    /// `VmRSS` of /proc/PID/status, in KiB.
    private static func residentKiB(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kib = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw BenchmarkError("no VmRSS for process \(pid)") }
        return kib
    }
}
