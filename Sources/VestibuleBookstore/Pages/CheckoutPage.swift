import VestibuleHTML

/// `/checkout`: what is being bought, why only a name and an email are asked (e-books go by email), and the
/// form. A signed-in shopper finds both filled in from their account.
enum CheckoutPage {
    static func render(
        _ cart: Cart, name: String, email: String, problems: [CheckoutDetails.Problem], in context: PageContext
    ) -> Page {
        let errors: HTML =
            problems.isEmpty
            ? ""
            : """
            <div class="form-error" role="alert"><ul>\(problems.map { problem -> HTML in
                "<li>\(context.text(problem == .nameInvalid ? .checkoutNameInvalid : .checkoutEmailInvalid))</li>"
            })</ul></div>
            """
        return Page(
            title: context.text(.checkoutTitle),
            main: """
            <h1>\(context.text(.checkoutTitle))</h1>
            \(LineList.render(Order.lines(of: cart, in: context.catalog), in: context))
            <p>\(context.text(.checkoutWhy))</p>
            \(errors)
            <form class="stacked-form" method="post" action="/checkout" novalidate>\(context.csrfField)
            <div class="field">
            <label for="field-name">\(context.text(.checkoutName))</label>
            <input id="field-name" name="name" type="text" autocomplete="name" required \
            maxlength="\(CheckoutDetails.maxNameLength)" value="\(name)"\(invalid(problems.contains(.nameInvalid)))>
            </div>
            <div class="field">
            <label for="field-email">\(context.text(.checkoutEmail))</label>
            <p class="field-hint" id="email-hint">\(context.text(.checkoutEmailHint))</p>
            <input id="field-email" name="email" type="email" autocomplete="email" inputmode="email" required \
            maxlength="\(CheckoutDetails.maxEmailLength)" aria-describedby="email-hint" \
            value="\(email)"\(invalid(problems.contains(.emailInvalid)))>
            </div>
            <p class="muted">\(context.text(.checkoutDemo))</p>
            <button class="button" type="submit">\(context.text(.checkoutPlace))</button>
            </form>
            """
        )
    }

    private static func invalid(_ isInvalid: Bool) -> HTML {
        isInvalid ? " aria-invalid=\"true\"" : ""
    }
}
