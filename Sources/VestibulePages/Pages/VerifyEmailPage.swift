import VestibuleHTML
/// Entering the emailed code that confirms a new account's address. The same page follows every sign-up,
/// whether or not the address already had an account, so it reveals nothing.
enum VerifyEmailPage {
    static func render(in context: PageContext, email: String, notice: String? = nil, error: String? = nil) -> Page {
        let verify = PostForm(
            action: "/verify-email",
            fields: [.oneTimeCode(context.text(.codeLabel))],
            submitLabel: context.text(.verifySubmit),
            error: error,
            hidden: [("email", email)]
        )
        let resend = PostForm(
            action: "/verify-email/resend", fields: [], submitLabel: context.text(.verifyResend), hidden: [("email", email)],
            isPrimary: false
        )
        let noticeHTML = NoticePanel.html(notice)
        return Page(
            title: context.text(.verifyTitle),
            main: """
            <h1>\(context.text(.verifyTitle))</h1>
            <p class="lead">\(context.text(.verifyLead, isolating: "email", email))</p>
            \(context.outboxNote)
            \(noticeHTML)
            \(verify.html(in: context))
            \(resend.html(in: context))
            """
        )
    }
}
