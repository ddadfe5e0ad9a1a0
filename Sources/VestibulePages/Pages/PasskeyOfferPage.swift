/// Shown once, right after a sign-in without a passkey: what a passkey brings, one button to add it, and a
/// way on without one (AUTH-7, AUTH-12).
enum PasskeyOfferPage {
    static func render(in context: PageContext) -> Page {
        Page(
            title: context.text(.passkeyOfferTitle),
            main: """
            <h1>\(context.text(.passkeyOfferTitle))</h1>
            \(PasskeyControl.button(.register, label: context.text(.passkeyOfferAdd), lead: context.text(.passkeyOfferLead), in: context))
            <p><a href="/continue">\(context.text(.passkeyOfferNotNow))</a></p>
            """
        )
    }
}
