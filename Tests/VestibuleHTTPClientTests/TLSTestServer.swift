import Foundation
import Glibc
import VestibuleTesting

/// `openssl s_server -www` on 127.0.0.1 with a fresh self-signed certificate for `localhost` only:
/// a real TLS peer that no system trust store knows. Its status page comes without a Content-Length, so it
/// also stands for a server whose body length is unknown until it ends.
final class TLSTestServer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") }

    /// The port s_server got (0 until it listens).
    private(set) var port = 0
    /// The self-signed certificate, as a PEM trust anchor.
    let certificateFile: String
    private let directory: URL
    private let process = Process()

    init() throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        certificateFile = directory.appending(path: "cert.pem").path
        let keyFile = directory.appending(path: "key.pem").path
        try Self.run([
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
            "-keyout", keyFile, "-out", certificateFile,
        ])
        process.executableURL = URL(filePath: "/usr/bin/openssl")
        // Port 0: s_server prints the port it got (`ACCEPT 127.0.0.1:PORT`) once it listens.
        process.arguments = ["s_server", "-accept", "127.0.0.1:0", "-cert", certificateFile, "-key", keyFile, "-www"]
        let outputFile = directory.appending(path: "output.txt")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = FileHandle.nullDevice
        try process.run()
        do {
            port = try eventually("openssl s_server to listen", timeout: .seconds(10)) { [process] in
                guard process.isRunning else { throw Failure(description: "openssl s_server exited") }
                return Self.acceptedPort(in: (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "")
            }
        } catch {
            stop()
            throw error
        }
    }

    /// The port of s_server's `ACCEPT 127.0.0.1:PORT` line, once a whole one is printed.
    private static func acceptedPort(in output: String) -> Int? {
        guard let line = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .first(where: { $0.hasPrefix("ACCEPT ") })
        else { return nil }
        return line.split(separator: ":").last.flatMap { Int($0) }
    }

    /// Kills the server (it keeps no state worth a graceful stop) and removes the key and certificate.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "openssl \(arguments[0]) failed") }
    }
}
