@preconcurrency import Glibc
import Foundation
import Testing
import VestibuleMail

@Suite struct OutboxMailerTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)").path

    @Test func sentMessagesAreReadBackNewestFirst() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outbox = try OutboxMailer(directory: directory)
        for number in 1...5 {
            try outbox.send(EmailMessage(to: "p\(number)@example.org", subject: "Message \(number)", textBody: "Body \(number)\n"))
        }

        let messages = try outbox.messages()
        #expect(messages.map(\.subject) == ["Message 5", "Message 4", "Message 3", "Message 2", "Message 1"])
        #expect(messages.map(\.to) == ["p5@example.org", "p4@example.org", "p3@example.org", "p2@example.org", "p1@example.org"])
        #expect(messages.first?.textBody == "Body 5\n")
        #expect(zip(messages, messages.dropFirst()).allSatisfy { $0.date >= $1.date && $0.id > $1.id })
        #expect(abs(try #require(messages.first).date.timeIntervalSinceNow) < 60)
    }

    @Test func japaneseSubjectAndBodyRoundTrip() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outbox = try OutboxMailer(directory: directory)
        let message = EmailMessage(
            to: "person@example.org", subject: "確認コードのお知らせ（Vestibule）", textBody: "確認コードは 123456 です\nよろしくお願いします。"
        )
        try outbox.send(message)

        let stored = try #require(try outbox.messages().first)
        #expect(stored.subject == message.subject)
        #expect(stored.textBody == message.textBody)
        #expect(stored.to == message.to)
        #expect(stored.rawText.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func filesAreEMLReadableOnlyByTheOwner() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outbox = try OutboxMailer(directory: directory)
        try outbox.send(EmailMessage(to: "person@example.org", subject: "Hello", textBody: "Hi"))

        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(names.count == 1)
        let name = try #require(names.first)
        #expect(name.hasSuffix(".eml"))
        var info = stat()
        #expect(stat(directory + "/" + name, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(directory, &info) == 0)
        #expect(info.st_mode & 0o077 == 0)
        let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
        #expect(text.hasPrefix("Date: "))
        #expect(text.contains("\r\nFrom: Vestibule <no-reply@localhost>\r\n"))
    }

    @Test func sendFailsWithInvalidMessageAndWritesNothingIfTheSubjectHasALineBreak() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outbox = try OutboxMailer(directory: directory)
        let error = try #require(throws: MailError.self) {
            try outbox.send(EmailMessage(to: "person@example.org", subject: "Hi\r\nBcc: x@example.com", textBody: "b"))
        }
        #expect(error.code == .invalidMessage)
        #expect(try outbox.messages().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func openingFailsWithIOIfTheFolderCannotBeCreated() throws {
        let error = try #require(throws: MailError.self) { try OutboxMailer(directory: "/proc/no-such-place/outbox") }
        #expect(error.code == .io)
        #expect(error.errnoCode != nil)
    }
}
