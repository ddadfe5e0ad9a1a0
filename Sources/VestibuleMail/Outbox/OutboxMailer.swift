@preconcurrency import Glibc
import Foundation
import Synchronization

/// A development mailer: each message becomes an `.eml` file (the same RFC 5322 text ``SMTPMailer`` sends)
/// in a folder, readable only by the owner (mode 0600), for a development page to show.
///
/// File names start with the microseconds since 1970, zero-padded, strictly increasing within the process,
/// so names sort in the order messages were written.
public final class OutboxMailer: Mailer {
    public let directory: String
    private let renderer: MessageRenderer
    private let lastTimestamp = Mutex<Int64>(0)

    /// Opens (or creates, mode 0700) the outbox folder.
    public init(directory: String, from: String = "Vestibule <no-reply@localhost>") throws(MailError) {
        self.directory = directory
        renderer = try MessageRenderer(from: from)
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw MailError(.io, "could not create the outbox folder \(directory)", errnoCode: errno)
        }
        var info = stat()
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw MailError(.io, "the outbox \(directory) is not a folder", errnoCode: errno)
        }
    }

    public func send(_ message: EmailMessage) throws(MailError) {
        let now = Date()
        let microseconds = lastTimestamp.withLock { last in
            last = max(last + 1, Int64(now.timeIntervalSince1970 * 1_000_000))
            return last
        }
        let text = try renderer.render(message, date: now, messageID: renderer.newMessageID())
        let id = Self.id(microseconds: microseconds)
        try write(Array(text.utf8), name: id + ".eml")
    }

    /// Every stored message, newest first. Files that are not ours (other names) are ignored.
    public func messages() throws(MailError) -> [StoredMessage] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw MailError(.io, "could not list the outbox \(directory)")
        }
        var messages: [StoredMessage] = []
        for name in names.sorted(by: >) where name.hasSuffix(".eml") && !name.hasPrefix(".") {
            let id = String(name.dropLast(4))
            guard let microseconds = Int64(id.prefix { $0 != "-" }) else { continue }
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
                throw MailError(.io, "could not read \(name) in the outbox")
            }
            let text = String(decoding: data, as: UTF8.self)
            let parsed = MessageParser(text)
            messages.append(
                StoredMessage(
                    id: id,
                    date: Date(timeIntervalSince1970: Double(microseconds) / 1_000_000),
                    to: parsed.field("To") ?? "",
                    subject: parsed.subject,
                    textBody: parsed.textBody,
                    rawText: text
                )
            )
        }
        return messages
    }

    static func id(microseconds: Int64) -> String {
        let digits = String(microseconds)
        let random = UInt32.random(in: 0...UInt32.max)
        return String(repeating: "0", count: max(0, 17 - digits.count)) + digits + "-" + String(random, radix: 16)
    }

    /// Writes a temporary file (created 0600, never readable by others) and renames it into place, so a reader
    /// never sees half a message.
    private func write(_ bytes: [UInt8], name: String) throws(MailError) {
        let temporary = directory + "/." + name + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw MailError(.io, "could not create a file in the outbox \(directory)", errnoCode: errno)
        }
        var failure: MailError?
        if fchmod(descriptor, 0o600) != 0 {
            failure = MailError(.io, "could not restrict the outbox file's mode", errnoCode: errno)
        }
        var offset = 0
        while failure == nil && offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 {
                failure = MailError(.io, "could not write to the outbox", errnoCode: errno)
            } else {
                offset += written
            }
        }
        if close(descriptor) != 0 && failure == nil {
            failure = MailError(.io, "could not write to the outbox", errnoCode: errno)
        }
        if failure == nil && rename(temporary, directory + "/" + name) != 0 {
            failure = MailError(.io, "could not move the message into the outbox", errnoCode: errno)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }
}
