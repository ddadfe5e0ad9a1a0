public import Foundation
import VestibuleMail
import VestibuleTesting

/// The codes Vestibule mails when no SMTP server is configured: each instance writes them into the outbox
/// folder of its own data directory, so behind a load balancer the code may be in any instance's outbox.
public enum MailedCode {
    /// The newest six-digit code mailed to `email` by any of the instances whose data directories are given,
    /// waiting for their background mail queues.
    public static func wait(for email: String, inDataDirectories directories: [String], timeout: TimeInterval = 5) throws -> String {
        let outboxes = try directories.map { try OutboxMailer(directory: $0 + "/outbox") }
        return try eventually("a code mailed to \(email)", timeout: .seconds(timeout)) {
            for outbox in outboxes {
                if let message = try outbox.messages().first(where: { $0.to == email }),
                   let range = message.subject.range(of: #"[0-9]{6}"#, options: .regularExpression) {
                    return String(message.subject[range])
                }
            }
            return nil
        }
    }
}
