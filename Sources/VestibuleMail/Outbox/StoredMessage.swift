public import Foundation

/// A message the ``OutboxMailer`` kept, decoded for a development-only page.
public struct StoredMessage: Sendable, Equatable, Identifiable {
    /// The file name without `.eml`; sorts by the time the message was written.
    public let id: String
    public let date: Date
    public let to: String
    public let subject: String
    public let textBody: String
    /// The message exactly as stored (RFC 5322, CRLF line ends).
    public let rawText: String

    public init(id: String, date: Date, to: String, subject: String, textBody: String, rawText: String) {
        self.id = id
        self.date = date
        self.to = to
        self.subject = subject
        self.textBody = textBody
        self.rawText = rawText
    }
}
