import Foundation
import VestibuleMail
import VestibuleTesting

extension TestApplication {
    /// The first `count` notices (mails without a code) sent to `address`, subject and body, as they arrive.
    public func notices(to address: String, count: Int) throws -> [String] {
        let outbox = try OutboxMailer(directory: dataDirectory + "/outbox")
        return try eventually("\(count) notices mailed to \(address)") {
            let notices = try outbox.messages().filter {
                $0.to == address && $0.subject.range(of: #"[0-9]{6}"#, options: .regularExpression) == nil
            }
            return notices.count >= count ? notices.map { $0.subject + "\n" + $0.textBody } : nil
        }
    }
}

extension TestApplication {
    /// The recovery links mailed to `address`, newest first, as paths (`/recover?token=…`), once `count` arrived.
    public func recoveryLinks(to address: String, count: Int = 1) throws -> [String] {
        let outbox = try OutboxMailer(directory: dataDirectory + "/outbox")
        return try eventually("\(count) recovery links mailed to \(address)") {
            let links = try outbox.messages().filter { $0.to == address }.compactMap { message in
                message.textBody.range(of: #"/recover\?token=[A-Za-z0-9_-]+"#, options: .regularExpression)
                    .map { String(message.textBody[$0]) }
            }
            return links.count >= count ? links : nil
        }
    }
}
