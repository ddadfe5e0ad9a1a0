import VestibuleHTML

/// The page for a failed request, in the reader's language. It never shows internal details: a server error
/// shows only the request's id, which the operator finds in the log.
enum ErrorPage {
    static func render(status: Int, reference: String, in context: PageContext) -> Page {
        let (title, body): (BookstoreText, HTML) =
            switch status {
            case 404, 405: (.errorNotFoundTitle, HTML(text: context.text(.errorNotFoundBody)))
            case 403: (.errorFormExpiredTitle, HTML(text: context.text(.errorFormExpiredBody)))
            case 429: (.errorTooManyTitle, HTML(text: context.text(.errorTooManyBody)))
            case 410: (.errorSignInTitle, HTML(text: context.text(.errorSignInBody)))
            case 400..<500: (.errorBadRequestTitle, HTML(text: context.text(.errorBadRequestBody)))
            case 502, 503: (.errorUnavailableTitle, HTML(text: context.text(.errorUnavailableBody)))
            default: (.errorServerTitle, context.text(.errorServerBody, isolating: "reference", reference))
            }
        return Page(
            title: context.text(title),
            main: """
            <h1>\(context.text(title))</h1>
            <p>\(body)</p>
            <p><a class="button" href="/">\(context.text(.errorBackToBooks))</a></p>
            """
        )
    }
}
