import VestibuleHTML

/// `/orders/<id>`: one order; right after checkout (`?placed=1`), the confirmation. To a guest it offers, at
/// this moment of value, an account to track the order (SIWA-2, SIWA-6): what it brings, how (Sign in with
/// Apple or a passkey, no password), and that the name and email already given are reused.
enum OrderPage {
    static func render(_ order: Order, justPlaced: Bool, isSignedIn: Bool, in context: PageContext) -> Page {
        let title = justPlaced ? context.text(.confirmationTitle) : context.text(.orderNumber, ["id": order.id])
        // Right after checkout the sentence is news, announced as a status; later it is a record.
        let role: HTML = justPlaced ? " role=\"status\"" : ""
        let follow: HTML =
            isSignedIn
            ? "<p>\(context.text(.confirmationSaved))</p>"
            : AccountOffer.render(for: order, in: context)
        return Page(
            title: title,
            main: """
            <h1>\(title)</h1>
            <p\(role)>\(context.text(.confirmationSent, isolating: "email", order.email))</p>
            \(OrderHeader.render(order, in: context))
            \(LineList.render(order.lines, in: context))
            \(follow)
            """
        )
    }
}

/// An order's number and day, under its heading.
enum OrderHeader {
    static func render(_ order: Order, in context: PageContext) -> HTML {
        """
        <p class="muted" data-order-number="\(order.id)">\
        \(context.text(.orderNumber, isolating: "id", order.id)) · \(placed(order, in: context))</p>
        """
    }

    /// "Placed on December 1, 2026".
    static func placed(_ order: Order, in context: PageContext) -> String {
        order.date.map { context.text(.orderPlaced, ["date": context.strings.day($0)]) } ?? ""
    }
}

/// "Create an account to track this order": a sign-in at Vestibule carrying the order's name and email and
/// the guest, whose cart and orders then move into the new account. Two ways, one button each, at one width
/// and height with Sign in with Apple first (SIWA-15): Apple through Vestibule's sign-in page, which leads with
/// it and creates the account on a first use; a passkey through its sign-up page, the name filled in.
enum AccountOffer {
    static func render(for order: Order, in context: PageContext) -> HTML {
        """
        <section class="panel account-offer" aria-labelledby="account-offer-title">
        <h2 id="account-offer-title">\(context.text(.accountOfferTitle))</h2>
        <p>\(context.text(.accountOfferBenefit))</p>
        <p>\(context.text(.accountOfferHow))</p>
        <form class="account-choices" method="post" action="/account/create">\(context.csrfField)\
        <input type="hidden" name="order" value="\(order.id)">
        <button class="button button-apple" type="submit" name="method" value="apple">\(context.text(.accountOfferApple))</button>
        <button class="button" type="submit" name="method" value="passkey">\(context.text(.accountOfferPasskey))</button>
        </form>
        <p class="muted">\(context.text(.accountOfferLater))</p>
        </section>
        """
    }
}
