import VestibuleHTTP

extension BookstoreApp {
    func installCheckoutRoutes(on router: inout Router) {
        router.get("/checkout") { request in
            let shopper = try shopper(of: request)
            guard let owner = shopper.owner else { return try redirect(to: "/cart", shopper: shopper) }
            let cart = try shop.cart(of: owner)
            guard !Order.lines(of: cart, in: shop.catalog).isEmpty else {
                return try redirect(to: "/cart", shopper: shopper)
            }
            // Signed in, the account's name and email are already known: filled in, still editable.
            let person = try person(of: shopper, for: request)
            return try render(for: request, shopper: shopper, cart: cart) {
                CheckoutPage.render(cart, name: person?.name ?? "", email: person?.email ?? "", problems: [], in: $0)
            }
        }

        router.post("/checkout") { request in
            let (shopper, form) = try checkedForm(request)
            guard let owner = shopper.owner else { return try redirect(to: "/cart", shopper: shopper) }
            let name = form["name"] ?? ""
            let email = form["email"] ?? ""
            let details: CheckoutDetails
            do throws(CheckoutDetails.Problems) {
                details = try CheckoutDetails(name: name, email: email)
            } catch {
                let cart = try shop.cart(of: owner)
                return try render(for: request, shopper: shopper, status: .badRequest, cart: cart) {
                    CheckoutPage.render(cart, name: name, email: email, problems: error.problems, in: $0)
                }
            }
            guard let order = try shop.checkout(owner, details: details, at: clock()) else {
                return try redirect(to: "/cart", shopper: shopper)
            }
            return try redirect(to: "/orders/\(order.id)?placed=1", shopper: shopper)
        }

        router.get("/orders") { request in
            let shopper = try shopper(of: request)
            var orders: [Order] = []
            var cart = Cart()
            if let owner = shopper.owner {
                // Signed in: a guest's cart the merge kept beside the account's is folded in first.
                if !owner.isGuest { try shop.foldGuestCarts(of: owner) }
                orders = try shop.orders(of: owner)
                cart = try shop.cart(of: owner)
            }
            let person = try person(of: shopper, for: request)
            return try render(for: request, shopper: shopper, cart: cart) {
                OrdersPage.render(orders, cart: cart, person: person, hasGuest: shopper.guestToken != nil, in: $0)
            }
        }

        router.get("/orders/:id") { request in
            let shopper = try shopper(of: request)
            guard let owner = shopper.owner, let id = request.pathParameters["id"],
                  let order = try shop.order(id, of: owner)
            else { throw HTTPError(.notFound) }
            return try render(for: request, shopper: shopper) {
                OrderPage.render(order, justPlaced: request.query["placed"] == "1", isSignedIn: shopper.isSignedIn, in: $0)
            }
        }
    }
}
