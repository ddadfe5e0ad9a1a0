import VestibuleHTML
/// The page shown for a failed request, in the reader's language. It never shows internal details;
/// server errors show only the request id, which the operator can find in the log.
enum ErrorPage {
    static func render(status: Int, reference: String, in context: PageContext) -> Page {
        let title: String
        let body: HTML
        switch status {
        case 404, 405:
            title = context.text(.errorNotFoundTitle)
            body = HTML(text: context.text(.errorNotFoundBody))
        case 403:
            title = context.text(.errorFormExpiredTitle)
            body = HTML(text: context.text(.errorFormExpiredBody))
        case 423:
            title = context.text(.errorAccountDisabledTitle)
            body = HTML(text: context.text(.errorAccountDisabledBody))
        case 429:
            title = context.text(.errorTooManyRequestsTitle)
            body = HTML(text: "")
        case 400..<500:
            title = context.text(.errorBadRequestTitle)
            body = HTML(text: "")
        case 503:
            title = context.text(.errorBusyTitle)
            body = HTML(text: context.text(.errorBusyBody))
        default:
            title = context.text(.errorServerTitle)
            body = context.text(.errorServerBody, isolating: "reference", reference)
        }
        return Page(
            title: title,
            main: """
            <h1>\(title)</h1>
            <p>\(body)</p>
            <p><a class="button" href="/">\(context.text(.errorBackHome))</a></p>
            """
        )
    }
}
