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

    let port: Int
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
        port = try FreePort.find()
        process.executableURL = URL(filePath: "/usr/bin/openssl")
        process.arguments = ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificateFile, "-key", keyFile,
                             "-www", "-quiet"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while (try? RawConnection(port: port)) == nil {
            guard Date() < deadline, process.isRunning else {
                stop()
                throw Failure(description: "openssl s_server did not start listening")
            }
            usleep(20_000)
        }
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
