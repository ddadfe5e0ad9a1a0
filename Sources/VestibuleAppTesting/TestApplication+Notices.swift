import Foundation
import VestibuleMail
import VestibuleTesting

extension TestApplication {
    /// The first `count` notices (mails without a code) sent to `address`, subject and body, as they arrive.
    public func notices(to address: String, count: Int) throws -> [String] {
        let outbox = try OutboxMailer(directory: dataDirectory + "/outbox")
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let notices = try outbox.messages().filter { $0.to == address && $0.subject.range(of: #"[0-9]{6}"#, options: .regularExpression) == nil }
            if notices.count >= count { return notices.map { $0.subject + "\n" + $0.textBody } }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TestFailure("fewer than \(count) notices mailed to \(address)")
    }
}
