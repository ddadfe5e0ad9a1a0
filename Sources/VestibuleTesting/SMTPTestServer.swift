@preconcurrency import Glibc
import Foundation

/// A real SMTP server (Python's aiosmtpd) on 127.0.0.1 and a free port, for testing mail clients.
///
/// Optionally it offers STARTTLS with a self-signed certificate made for this run (and then requires it) or
/// speaks TLS from the first byte (`smtps`), and requires AUTH LOGIN/PLAIN with the given credentials. Every message it accepts is kept with its envelope
/// and decoded by Python's `email` package, an implementation independent of the one under test. Recipients
/// whose address starts with `rejected@` are refused with `550`, to test how a client reports a refusal.
///
/// It owns the process: ``stop()`` (also called from `deinit`) sends SIGTERM, then SIGKILL, and removes the
/// temporary folder. The script also exits when its standard input closes, so it does not outlive a test
/// process that crashed.
public final class SMTPTestServer: @unchecked Sendable {
    // @unchecked: `process`, `port` and the paths are set in init and only read afterwards; `stopped` and the
    // standard input handle are guarded by `lock`.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// One message as the server received it.
    public struct ReceivedMessage: Sendable, Decodable {
        /// The envelope sender (MAIL FROM), without angle brackets.
        public let from: String
        /// The envelope recipients (RCPT TO).
        public let recipients: [String]
        /// The DATA exactly as received (RFC 5322 text, CRLF line ends).
        public let data: String
        /// The Subject header field decoded (RFC 2047) by Python's `email` package.
        public let subject: String
        /// The text/plain body decoded (transfer encoding and charset) by Python, line breaks as `\n`.
        public let textBody: String
        /// Whether the message came over TLS (STARTTLS or implicit).
        public let tls: Bool
        /// Whether the client had authenticated.
        public let authenticated: Bool

        /// The raw value of the first header field called `name` (unfolded, not decoded).
        public func header(_ name: String) -> String? {
            let head = data.components(separatedBy: "\r\n\r\n").first ?? ""
            var value: String?
            for line in head.components(separatedBy: "\r\n") {
                if value != nil, line.hasPrefix(" ") || line.hasPrefix("\t") {
                    value! += line
                } else if value != nil {
                    break
                } else if line.lowercased().hasPrefix(name.lowercased() + ":") {
                    value = String(line.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
                }
            }
            return value
        }
    }

    /// Whether `python3` with `aiosmtpd` is installed (`scripts/install-deps.sh test` installs it).
    public static var isAvailable: Bool { python != nil }

    /// The Python interpreter that can import aiosmtpd, found once.
    private static let python: String? = {
        let check = "import aiosmtpd, sys; print(sys.executable)"
        guard let result = try? HelperCommand.run("/usr/bin/env", ["python3", "-c", check]), result.status == 0 else { return nil }
        let path = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : path
    }()

    public let port: Int
    /// The server process, for tests of the server itself.
    public var processIdentifier: Int32 { process.processIdentifier }
    /// The PEM certificate the server presents (trust it as a CA), when started with TLS.
    public let certificateFile: String?

    private let process = Process()
    private let folder: URL
    private let messagesFolder: URL
    private let lock = NSLock()
    private var input: FileHandle?
    private var stopped = false

    /// Starts the server and waits until it listens.
    /// - Parameters:
    ///   - startTLS: offer STARTTLS with a fresh self-signed certificate (for `localhost` and `127.0.0.1`) and
    ///     refuse mail sent without it.
    ///   - implicitTLS: speak TLS from the first byte, as on port 465 (`smtps://`), with such a certificate.
    ///   - credentials: require AUTH (LOGIN or PLAIN) with this username and password (over TLS when
    ///     `startTLS`).
    public init(
        startTLS: Bool = false, implicitTLS: Bool = false, credentials: (username: String, password: String)? = nil
    ) throws {
        guard let python = Self.python else {
            throw Failure(description: "python3 with aiosmtpd is not installed; run scripts/install-deps.sh test")
        }
        guard !(startTLS && implicitTLS) else {
            throw Failure(description: "a server offers STARTTLS or implicit TLS, not both")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vestibule-smtp-\(UUID().uuidString)")
        messagesFolder = folder.appendingPathComponent("messages")
        try FileManager.default.createDirectory(at: messagesFolder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("smtp_sink.py")
        try Data(Self.script.utf8).write(to: script)

        var configuration: [String: String] = ["directory": messagesFolder.path]
        if startTLS || implicitTLS {
            let certificate = folder.appendingPathComponent("certificate.pem").path
            let key = folder.appendingPathComponent("key.pem").path
            let result = try HelperCommand.run("/usr/bin/env", [
                "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-days", "1",
                "-keyout", key, "-out", certificate,
            ])
            guard result.status == 0 else {
                try? FileManager.default.removeItem(at: folder)
                throw Failure(description: "openssl could not make a test certificate:\n\(result.output)")
            }
            configuration["tls"] = startTLS ? "starttls" : "implicit"
            configuration["certificate"] = certificate
            configuration["key"] = key
            certificateFile = certificate
        } else {
            certificateFile = nil
        }
        if let credentials {
            configuration["username"] = credentials.username
            configuration["password"] = credentials.password
        }
        let arguments = String(decoding: try JSONEncoder().encode(configuration), as: UTF8.self)

        let process = self.process
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, arguments]
        let output = Pipe()
        let input = Pipe()
        let logFile = folder.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process.standardOutput = output
        process.standardInput = input
        process.standardError = try FileHandle(forWritingTo: logFile)
        do {
            try VestibuleExecutable.withSignalsUnblocked { try process.run() }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        self.input = input.fileHandleForWriting

        guard let port = Self.readPort(output.fileHandleForReading.fileDescriptor, timeout: 20) else {
            self.port = 0
            let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            stop()
            throw Failure(description: "the SMTP test server did not start. Its output:\n\(log)")
        }
        self.port = port
    }

    deinit { stop() }

    /// The messages received so far, oldest first.
    public func messages() -> [ReceivedMessage] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: messagesFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: messagesFolder.appendingPathComponent(name).path)
            else { return nil }
            return try? JSONDecoder().decode(ReceivedMessage.self, from: data)
        }
    }

    /// Waits until at least `count` messages arrived; returns them all, or throws after `timeout`.
    @discardableResult
    public func waitForMessage(count: Int = 1, timeout: Duration = .seconds(10)) throws -> [ReceivedMessage] {
        try eventually("\(count) message(s) at the SMTP test server", timeout: timeout) {
            let received = messages()
            return received.count >= count ? received : nil
        }
    }

    /// Stops the server (SIGTERM, then SIGKILL after 5 seconds), waits for it to exit and removes its files.
    /// Safe to call more than once.
    public func stop() {
        let input: FileHandle?? = lock.withLock {
            guard !stopped else { return nil }
            stopped = true
            defer { self.input = nil }
            return .some(self.input)
        }
        guard let input else { return }
        try? input?.close()
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            _ = eventually(timeout: .seconds(5)) { !process.isRunning }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Reads the `PORT <n>` line the script prints once it listens; nil when it exits or times out first.
    private static func readPort(_ descriptor: Int32, timeout: TimeInterval) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        while Date() < deadline {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, 100)
            if ready < 0 && errno != EINTR { return nil }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return nil }
            bytes += chunk[..<count]
            let text = String(decoding: bytes, as: UTF8.self)
            if text.contains("\n"), let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PORT ") }) {
                return Int(line.dropFirst(5))
            }
        }
        return nil
    }

    /// The server program, written next to its messages at start (VestibuleTesting has no resources).
    private static let script = #"""
# A throwaway SMTP server for Vestibule's tests (aiosmtpd). Usage:
#   smtp_sink.py CONFIG_JSON
# CONFIG: {"directory": ..., "tls": "starttls"|"implicit", "certificate": ..., "key": ..., "username": ..., "password": ...}
# Prints "PORT <n>" once listening on 127.0.0.1; writes each message as <n>.json into directory; exits on
# SIGTERM or when its standard input closes (the test process is gone). Recipients whose address starts
# with "rejected@" are refused with 550.
import asyncio, email, json, os, signal, ssl, sys, threading
from email import policy
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

config = json.loads(sys.argv[1])
directory = config["directory"]

class Handler:
    def __init__(self):
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.startswith("rejected@"):
            return "550 5.1.1 Mailbox unavailable"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or b""
        message = email.message_from_bytes(raw, policy=policy.default)
        body = message.get_body(preferencelist=("plain",))
        text = body.get_content() if body is not None else ""
        self.count += 1
        record = {
            "from": envelope.mail_from,
            "recipients": list(envelope.rcpt_tos),
            "data": raw.decode("utf-8", "replace"),
            "subject": str(message["subject"] or ""),
            "textBody": text.replace("\r\n", "\n"),
            "tls": session.ssl is not None or server.transport.get_extra_info("ssl_object") is not None,
            "authenticated": bool(session.authenticated),
        }
        name = os.path.join(directory, "%06d.json" % self.count)
        with open(name + ".tmp", "w", encoding="utf-8") as file:
            json.dump(record, file, ensure_ascii=False)
        os.replace(name + ".tmp", name)
        return "250 OK"

def authenticator(server, session, envelope, mechanism, auth_data):
    if (isinstance(auth_data, LoginPassword)
            and auth_data.login == config["username"].encode()
            and auth_data.password == config["password"].encode()):
        return AuthResult(success=True)
    return AuthResult(success=False, handled=False)

async def main():
    loop = asyncio.get_running_loop()
    options = {"hostname": "localhost"}
    context = None
    if config.get("tls"):
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(config["certificate"], config["key"])
    if config.get("tls") == "starttls":
        options.update(tls_context=context, require_starttls=True)
    if config.get("username") is not None:
        # With implicit TLS the whole connection is encrypted; aiosmtpd only knows about STARTTLS.
        options.update(authenticator=authenticator, auth_required=True,
                       auth_require_tls=config.get("tls") == "starttls")
    handler = Handler()
    server = await loop.create_server(lambda: SMTP(handler, **options), host="127.0.0.1", port=0,
                                      ssl=context if config.get("tls") == "implicit" else None)
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    loop.add_signal_handler(signal.SIGINT, stop.set)
    def watch_stdin():
        sys.stdin.buffer.read()
        loop.call_soon_threadsafe(stop.set)
    threading.Thread(target=watch_stdin, daemon=True).start()
    print("PORT %d" % server.sockets[0].getsockname()[1], flush=True)
    await stop.wait()
    server.close()
    await server.wait_closed()

asyncio.run(main())
"""#
}
