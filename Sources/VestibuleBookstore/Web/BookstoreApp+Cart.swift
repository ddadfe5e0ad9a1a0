import Foundation
import VestibuleClient
import VestibuleHTTP

extension BookstoreApp {
    func installCartRoutes(on router: inout Router) {
        router.get("/cart") { request in
            let shopper = try shopper(of: request)
            let cart = try shop.cart(of: shopper.owner)
            let added = request.query["added"].flatMap(shop.catalog.book)
            return try render(for: request, shopper: shopper, cart: cart) { CartPage.render(cart, added: added, in: $0) }
        }

        // The first thing a visitor keeps: only now does the bookstore make them a guest at Vestibule.
        router.post("/cart/add") { request in
            let (shopper, form) = try checkedForm(request)
            guard let book = form["book"].flatMap(shop.catalog.book) else {
                throw HTTPError(.badRequest, "No such book.")
            }
            let owner: Owner
            if let existing = shopper.owner {
                owner = existing
            } else {
                try guestLimit.record(request.remoteAddress, now: clock())
                owner = try vestibule(for: request).createGuest()
            }
            try shop.updateCart(of: owner) { $0.add(book.id) }
            var response = try redirect(to: "/cart?added=\(book.id)", shopper: shopper)
            if shopper.owner == nil { try cookies.guest.set(owner.bearer, on: &response) }
            return response
        }

        // Sets the copies of one book; "Remove" (or 0) takes it out.
        router.post("/cart/update") { request in
            let (shopper, form) = try checkedForm(request)
            guard let book = form["book"].flatMap(shop.catalog.book) else {
                throw HTTPError(.badRequest, "No such book.")
            }
            let quantity: Int
            if form["remove"] != nil {
                quantity = 0
            } else if let copies = form["quantity"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), copies >= 0 {
                quantity = copies
            } else {
                throw HTTPError(.badRequest, "The number of copies must be a whole number.")
            }
            guard let owner = shopper.owner else { return try redirect(to: "/cart", shopper: shopper) }
            try shop.updateCart(of: owner) { $0.setQuantity(quantity, of: book.id) }
            return try redirect(to: "/cart", shopper: shopper)
        }
    }
}
