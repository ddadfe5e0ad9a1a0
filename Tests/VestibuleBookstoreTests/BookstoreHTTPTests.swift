import Foundation
import Testing
import VestibuleHTTP
import VestibuleHTTPClient
import VestibuleTesting
@testable import VestibuleBookstore

/// The bookstore's pieces over plain HTTP, against a real Vestibule: what browsing, the cart and checkout keep
/// in Vestibule, the hand-off's request, and what the bookstore refuses.
@Suite(.serialized) struct BookstoreHTTPTests {
    /// SIWA-3, AUTH-3: looking around creates nothing; the first "Add to cart" makes the guest, whose `cart`
    /// document Vestibule then holds.
    @Test func browsingCreatesNoGuestAndTheFirstAddToCartDoes() throws {
        try withSite { site in
            let shopper = ShopperClient(origin: site.bookstoreOrigin)
            try shopper.get("/cart")
            try shopper.get("/orders")
            let catalog = try shopper.get("/")
            #expect(catalog.status == 200)
            #expect(catalog.text.components(separatedBy: "data-book=").count - 1 == 6)
            #expect(shopper.cookie("bookstore_guest") == nil, "no guest just for browsing")

            let added = try shopper.post("/cart/add", ["book": "botchan"])
            #expect(added.status == 303)
            #expect(added.headers["Location"] == "/cart?added=botchan")
            let token = try #require(shopper.cookie("bookstore_guest"))
            #expect(token.hasPrefix("vg_"))
            let setCookie = try #require(added.headers.values(for: "Set-Cookie").first { $0.hasPrefix("bookstore_guest=") })
            #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax"))

            try shopper.post("/cart/add", ["book": "botchan"])
            let stored = try #require(try site.vestibuleClient.document("cart", as: Cart.self, of: .guest(token: token)))
            #expect(stored.value.lines == [.init(book: "botchan", quantity: 2)])
            #expect(try shopper.get("/cart").text.contains("Botchan"))
        }
    }

    /// SIWA-6: checkout asks a name and an email only, stores the order as the guest's document, and the
    /// confirmation's "Create an account" hands both to Vestibule's sign-up page, with the guest.
    @Test func aGuestCheckoutStoresTheOrderAndTheAccountOfferCarriesTheNameAndEmail() throws {
        try withSite { site in
            let shopper = ShopperClient(origin: site.bookstoreOrigin)
            try shopper.get("/")
            try shopper.post("/cart/add", ["book": "frankenstein"])
            let checkout = try shopper.get("/checkout")
            let inputs = checkout.text.components(separatedBy: "<input ").dropFirst().filter { !$0.contains("type=\"hidden\"") }
            #expect(inputs.count == 2, "name and email, nothing else")

            let placed = try shopper.post("/checkout", ["name": "Ada Lovelace", "email": "ada@example.com"])
            #expect(placed.status == 303)
            let location = try #require(placed.headers["Location"])
            #expect(location.hasPrefix("/orders/") && location.hasSuffix("?placed=1"))
            let id = String(location.dropFirst("/orders/".count).prefix(12))
            let guest = Owner.guest(token: try #require(shopper.cookie("bookstore_guest")))
            let order = try #require(try site.vestibuleClient.document("order-\(id)", as: Order.self, of: guest)?.value)
            #expect(order.name == "Ada Lovelace" && order.email == "ada@example.com")
            #expect(order.lines == [.init(book: "frankenstein", quantity: 1, unitPriceCents: 249)])
            #expect(try site.vestibuleClient.document("cart", as: Cart.self, of: guest)?.value.isEmpty == true,
                    "what was bought left the cart")

            let confirmation = try shopper.get(location)
            #expect(confirmation.text.contains("Thank you for your order"))
            #expect(confirmation.text.contains("Create an account to track this order"))
            let handoff = try shopper.post("/account/create", ["order": id])
            #expect(handoff.status == 303)
            let url = try #require(handoff.headers["Location"])
            #expect(url.hasPrefix(site.vestibuleOrigin + "/handoff/"))
            #expect(shopper.cookie("bookstore_handoff")?.isEmpty == false, "the exchange key stays with this browser")

            // Vestibule's side, as the browser follows: the sign-up page, prefilled.
            let browser = ShopperClient(origin: site.vestibuleOrigin)
            let opened = try browser.get(String(url.dropFirst(site.vestibuleOrigin.count)))
            #expect(opened.headers["Location"] == "/sign-up")
            let signUp = try browser.get("/sign-up").text
            #expect(signUp.contains("value=\"Ada Lovelace\""))
            #expect(signUp.contains("value=\"ada@example.com\""))
        }
    }

    // MARK: Steps

    private func withSite(_ body: (DemoSite) throws -> Void) throws {
        let site = try DemoSite()
        defer { site.stop() }
        try body(site)
    }
}
