import Foundation
import Testing
@testable import VestibuleMail

@Suite struct MessageRendererTests {
    let renderer = try! MessageRenderer(from: "Vestibule <no-reply@example.com>")
    let date = Date(timeIntervalSince1970: 1_796_088_502)  // Tue, 01 Dec 2026 01:28:22 UTC

    static let texts = [
        "Your code is 123456",
        "確認コードは 123456 です",
        "Ünïcödé, emoji 👩‍👩‍👧 and a long line " + String(repeating: "ab= ", count: 60),
        ". a dot line\n.\nand trailing spaces   \nand tabs\t",
        "ends with a newline\n",
        "",
        "windows\r\nline\rends\n\n",
    ]

    @Test(arguments: texts)
    func subjectAndBodyRoundTripThroughTheParser(text: String) throws {
        let subject = Self.oneLine(text)
        let message = EmailMessage(to: "person@example.org", subject: subject, textBody: text)
        let rendered = try renderer.render(message, date: date, messageID: "id@example.com")
        let parsed = MessageParser(rendered)
        #expect(parsed.subject == subject)
        #expect(parsed.textBody == Self.unixLineEnds(text))
    }

    @Test(arguments: texts)
    func renderedMessageIsASCIIWithShortCRLFLines(text: String) throws {
        let subject = Self.oneLine(text)
        let message = EmailMessage(to: "person@example.org", subject: subject, textBody: text)
        let rendered = try renderer.render(message, date: date, messageID: "id@example.com")
        #expect(rendered.unicodeScalars.allSatisfy { $0.isASCII })
        let withoutCRLF = rendered.replacing("\r\n", with: "")
        #expect(!withoutCRLF.contains("\n") && !withoutCRLF.contains("\r"))
        for line in rendered.split(separator: "\r\n") {
            #expect(line.utf8.count <= 78, "line too long: \(line)")
            #expect(!line.hasPrefix("."), "a line starting with a dot: \(line)")
        }
    }

    @Test func headersNameDateSenderRecipientAndMIMEType() throws {
        let message = EmailMessage(to: "person@example.org", subject: "Hello", textBody: "Hi")
        let rendered = try renderer.render(message, date: date, messageID: "abc@example.com")
        let parsed = MessageParser(rendered)
        #expect(parsed.field("Date") == "Tue, 01 Dec 2026 01:28:22 +0000")
        #expect(parsed.field("From") == "Vestibule <no-reply@example.com>")
        #expect(parsed.field("To") == "person@example.org")
        #expect(parsed.field("Subject") == "Hello")
        #expect(parsed.field("Message-ID") == "<abc@example.com>")
        #expect(parsed.field("MIME-Version") == "1.0")
        #expect(parsed.field("Content-Type") == "text/plain; charset=utf-8")
        #expect(parsed.field("Content-Transfer-Encoding") == "quoted-printable")
    }

    @Test func japaneseSubjectBecomesEncodedWordsOfAtMost75Characters() {
        let subject = String(repeating: "確認コードのお知らせ", count: 5)
        let words = EncodedWord.encode(subject)
        #expect(words.count > 1)
        #expect(words.allSatisfy { $0.count <= 75 && $0.hasPrefix("=?UTF-8?B?") })
        #expect(EncodedWord.decode(words.joined(separator: " ")) == subject)
    }

    @Test func nonASCIIDisplayNameOfTheSenderIsEncoded() throws {
        let renderer = try MessageRenderer(from: "ヴェスティビュール <no-reply@example.com>")
        let rendered = try renderer.render(
            EmailMessage(to: "a@example.org", subject: "s", textBody: "b"), date: date, messageID: "i@example.com"
        )
        let from = try #require(MessageParser(rendered).field("From"))
        #expect(from.hasPrefix("=?UTF-8?B?") && from.hasSuffix(" <no-reply@example.com>"))
        #expect(EncodedWord.decode(from) == "ヴェスティビュール <no-reply@example.com>")
    }

    static let injectedSubjects = ["Hello\r\nBcc: victim@example.com", "Hello\nBcc: x@example.com", "Hi\rX: y", "nul\u{0}"]

    @Test(arguments: injectedSubjects)
    func renderingFailsIfTheSubjectContainsALineBreak(subject: String) {
        let message = EmailMessage(to: "person@example.org", subject: subject, textBody: "b")
        do {
            _ = try renderer.render(message, date: date, messageID: "i@example.com")
            Issue.record("rendered a message with subject \(subject.debugDescription)")
        } catch {
            #expect(error.code == .invalidMessage)
        }
    }

    static let badRecipients = [
        "person@example.org\r\nBcc: victim@example.com", "person@example.org\n", "a@b>\r\nRCPT TO:<c@d>",
        "Person <person@example.org>", "no-at-sign", "two@@example.org", "@example.org", "space @example.org",
        "a@example.org,b@example.org", "",
    ]

    @Test(arguments: badRecipients)
    func renderingFailsIfTheRecipientIsNotABareAddress(to: String) {
        let message = EmailMessage(to: to, subject: "s", textBody: "b")
        do {
            _ = try renderer.render(message, date: date, messageID: "i@example.com")
            Issue.record("rendered a message to \(to.debugDescription)")
        } catch {
            #expect(error.code == .invalidMessage)
        }
    }

    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\r" || $0 == "\n" ? " " : $0 }))
    }

    static func unixLineEnds(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                scalars.append("\n")
            } else if !(scalar == "\n" && previous == "\r") {
                scalars.append(scalar)
            }
            previous = scalar
        }
        return String(scalars)
    }

    @Test func quotedPrintableSoftBreaksKeepLinesAt76Characters() {
        let encoded = QuotedPrintable.encode(String(repeating: "é", count: 100))
        for line in encoded.split(separator: "\r\n") { #expect(line.utf8.count <= 76) }
        #expect(QuotedPrintable.decode(encoded) == String(repeating: "é", count: 100))
    }
}
