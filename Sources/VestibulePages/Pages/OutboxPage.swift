import Foundation
import VestibuleHTML
import VestibuleMail

/// The development outbox: every email Vestibule would have sent, so `make run` works offline.
enum OutboxPage {
    static func render(in context: PageContext, messages: [StoredMessage]) -> Page {
        let items = messages.map { message -> HTML in
            """
            <li class="item"><p class="item-title"><bdi>\(message.subject)</bdi></p>\
            <p class="item-meta"><bdi>\(message.to)</bdi> · <bdi>\(message.date.formatted(.iso8601))</bdi></p>\
            <pre class="mail-body" dir="auto">\(message.textBody)</pre></li>
            """
        }
        let list: HTML = messages.isEmpty
            ? "<p>\(context.text(.outboxEmpty))</p>"
            : "<ul class=\"item-list\">\(items)</ul>"
        return Page(
            title: context.text(.outboxTitle),
            main: """
            <h1>\(context.text(.outboxTitle))</h1>
            <p class="lead">\(context.text(.outboxLead))</p>
            \(list)
            """
        )
    }
}
