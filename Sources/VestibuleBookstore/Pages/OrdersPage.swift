import VestibuleClient
import VestibuleHTML

/// `/orders`: "Your orders" with how the person is signed in (SIWA-8), every order, and the cart, both of
/// which survived the sign-in. A guest sees the orders of this browser and the offer of an account; someone
/// with neither is asked to sign in.
enum OrdersPage {
    static func render(
        _ orders: [Order], cart: Cart, person: OpenIDUserInfo?, hasGuest: Bool, in context: PageContext
    ) -> Page {
        var sections: [HTML] = []
        if let person, let status = context.signedInStatus, let method = context.signedInWith {
            sections.append("<p class=\"signed-in-status\" data-signed-in-with=\"\(method)\">\(status)</p>")
            if let name = person.name, !name.isEmpty {
                sections.append("<p>\(context.text(.ordersWelcome, isolating: "name", name))</p>")
            }
        }
        if person == nil, !hasGuest {
            sections.append("""
            <p>\(context.text(.ordersSignIn))</p>
            <p><a class="button" href="/sign-in">\(context.text(.navSignIn))</a></p>
            """)
        } else if orders.isEmpty {
            sections.append("<p>\(context.text(.ordersNone))</p>")
        } else {
            if person == nil { sections.append("<p>\(context.text(.ordersGuestNote))</p>") }
            sections.append("<ul class=\"order-list\">\(orders.map { item($0, in: context) })</ul>")
            if person == nil, let latest = orders.first { sections.append(AccountOffer.render(for: latest, in: context)) }
        }
        if person != nil || hasGuest {
            let lines = Order.lines(of: cart, in: context.catalog)
            sections.append("""
            <section class="cart-summary" aria-labelledby="cart-heading" data-cart>
            <h2 id="cart-heading">\(context.text(.ordersCartHeading))</h2>
            \(lines.isEmpty ? "<p>\(context.text(.cartEmpty))</p>" : LineList.render(lines, in: context))
            <p><a href="/cart">\(context.text(.ordersToCart))</a></p>
            </section>
            """)
        }
        return Page(
            title: context.text(.ordersTitle),
            main: """
            <h1>\(context.text(.ordersTitle))</h1>
            \(sections)
            """
        )
    }

    private static func item(_ order: Order, in context: PageContext) -> HTML {
        """
        <li class="order" data-order="\(order.id)">
        <h2><a href="/orders/\(order.id)">\(context.text(.orderNumber, isolating: "id", order.id))</a></h2>
        <p class="muted">\(OrderHeader.placed(order, in: context))</p>
        \(LineList.render(order.lines, in: context))
        </li>
        """
    }
}
