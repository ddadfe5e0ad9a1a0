import VestibuleHTML
/// A state-changing form: the anti-forgery field, an error announced to screen readers, the fields, and one
/// submit button whose label names the method (AUTH-10).
struct PostForm: Sendable {
    let action: String
    let fields: [FormField]
    let submitLabel: String
    var error: String?
    /// Hidden values carried to the next step (the email between the code steps).
    var hidden: [(name: String, value: String)] = []
    /// Whether the button is the view's one primary action; an alternative beside it ("Send a new code") is not.
    var isPrimary = true

    func html(in context: PageContext) -> HTML {
        let errorHTML: HTML = error.map { "<p class=\"form-error\" role=\"alert\">\($0)</p>" } ?? HTML(text: "")
        let hiddenHTML = HTML.join(hidden.map { field -> HTML in
            "<input type=\"hidden\" name=\"\(field.name)\" value=\"\(field.value)\">"
        })
        return """
        <form class="stacked-form" method="post" action="\(action)">\(context.csrfField)\(hiddenHTML)
        \(errorHTML)
        \(fields.map(\.html))
        <button class="button\(isPrimary ? "" : " button-secondary")" type="submit">\(submitLabel)</button>
        </form>
        """
    }
}
