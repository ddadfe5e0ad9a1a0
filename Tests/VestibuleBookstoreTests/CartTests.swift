import Foundation
import Testing
@testable import VestibuleBookstore

/// The cart and the order as values: what adding, changing, folding and checking out do to them.
@Suite struct CartTests {
    @Test func addingABookTwiceAddsACopyAndQuantitiesStopAtTheLimit() {
        var cart = Cart()
        cart.add("botchan")
        cart.add("frankenstein")
        cart.add("botchan")
        #expect(cart.lines == [.init(book: "botchan", quantity: 2), .init(book: "frankenstein", quantity: 1)])
        cart.setQuantity(50, of: "botchan")
        #expect(cart.quantity(of: "botchan") == Cart.maxQuantity)
        cart.setQuantity(0, of: "botchan")
        #expect(cart.lines == [.init(book: "frankenstein", quantity: 1)])
        #expect(cart.count == 1)
    }

    @Test func foldingAGuestCartSumsTheCopiesOnceEvenWhenRepeated() {
        var account = Cart(lines: [.init(book: "botchan", quantity: 1), .init(book: "frankenstein", quantity: 2)])
        let guest = Cart(lines: [.init(book: "botchan", quantity: 2), .init(book: "alice-in-wonderland", quantity: 1)])
        let first = account.absorb(guest, id: "cart.guest#1#2026-12-01T10:00:00Z")
        let again = account.absorb(guest, id: "cart.guest#1#2026-12-01T10:00:00Z")
        #expect(first)
        #expect(!again, "the same fold again adds nothing")
        #expect(account.lines == [
            .init(book: "botchan", quantity: 3), .init(book: "frankenstein", quantity: 2),
            .init(book: "alice-in-wonderland", quantity: 1),
        ])
        // A later guest cart under the same name is another fold.
        let later = account.absorb(guest, id: "cart.guest#1#2026-12-02T08:00:00Z")
        #expect(later)
        #expect(account.quantity(of: "botchan") == 5)
    }

    @Test func onlyTheNamesTheKeepBothRuleGivesAreGuestCarts() {
        for name in ["cart.guest", "cart.guest-2", "cart.guest-17"] { #expect(Shop.isGuestCart(name), "\(name)") }
        for name in ["cart", "cart.guest-", "cart.guest-x", "cart.guests", "order-ABC", "cart.guest-2-3"] {
            #expect(!Shop.isGuestCart(name), "\(name)")
        }
    }

    @Test func aCartDocumentSurvivesTheRoundTripAndToleratesMissingMembers() throws {
        var cart = Cart(lines: [.init(book: "botchan", quantity: 2)])
        cart.absorb(Cart(), id: "cart.guest#1#t")
        let decoded = try JSONDecoder().decode(Cart.self, from: JSONEncoder().encode(cart))
        #expect(decoded == cart)
        #expect(try JSONDecoder().decode(Cart.self, from: Data("{}".utf8)) == Cart())
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Cart.self, from: Data(#"{"lines": 3}"#.utf8)) }
    }

    @Test func anOrderCostsTheCatalogPricesAndLeavesWhatWasAddedSince() throws {
        let catalog = try Catalog.bundled()
        let details = try CheckoutDetails(name: "Ada Lovelace", email: "ada@example.com")
        let cart = Cart(lines: [.init(book: "botchan", quantity: 2), .init(book: "no-longer-sold", quantity: 1)])
        let order = try #require(Order(id: "0123456789AB", cart: cart, catalog: catalog, details: details, at: Date()))
        #expect(order.lines == [.init(book: "botchan", quantity: 2, unitPriceCents: 299)], "books not for sale are left out")
        #expect(order.totalCents == 598)
        #expect(order.documentName == "order-0123456789AB")
        var later = cart
        later.add("frankenstein")
        later.remove(order)
        #expect(later.lines == [.init(book: "no-longer-sold", quantity: 1), .init(book: "frankenstein", quantity: 1)])
        #expect(Order(cart: Cart(), catalog: catalog, details: details, at: Date()) == nil)
    }

    @Test func orderIDsAreTwelveCapitalHexDigitsAndNothingElseIsLookedUp() {
        let id = Order.newID()
        #expect(Order.isValidID(id))
        for bad in ["", "0123456789ab", "0123456789ABC", "../../cart12", "0123456789A!"] { #expect(!Order.isValidID(bad)) }
    }

    @Test func checkoutAsksForANameAndAPlausibleEmailAndSaysWhatIsWrong() throws {
        let details = try CheckoutDetails(name: "  Ada Lovelace ", email: " ada@example.com\n")
        #expect(details.name == "Ada Lovelace" && details.email == "ada@example.com")
        #expect(throws: CheckoutDetails.Problems(problems: [.nameInvalid, .emailInvalid])) {
            try CheckoutDetails(name: " ", email: "ada")
        }
        for email in ["ada@", "@example.com", "ada@example", "ada @example.com", "ada@@example.com", "ada@example..com"] {
            #expect(throws: CheckoutDetails.Problems(problems: [.emailInvalid]), "\(email)") {
                try CheckoutDetails(name: "Ada", email: email)
            }
        }
        #expect(throws: CheckoutDetails.Problems(problems: [.nameInvalid])) {
            try CheckoutDetails(name: String(repeating: "a", count: 101), email: "ada@example.com")
        }
        #expect(throws: CheckoutDetails.Problems(problems: [.nameInvalid])) {
            try CheckoutDetails(name: "Ada\u{0}", email: "ada@example.com")
        }
    }
}
