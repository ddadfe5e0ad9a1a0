import Foundation

/// A purchase, stored as the document `order-<id>` of whoever bought it; it moves into their account when
/// they create one. It records what was paid, so later price changes do not rewrite it.
struct Order: Sendable, Codable, Equatable {
    struct Line: Sendable, Codable, Equatable {
        let book: String
        let quantity: Int
        let unitPriceCents: Int
    }

    let id: String
    /// ISO 8601.
    let placedAt: String
    let name: String
    let email: String
    let lines: [Line]
    let totalCents: Int

    /// The document's name: `order-` and the id.
    var documentName: String { Self.documentPrefix + id }

    static let documentPrefix = "order-"

    var date: Date? { try? Date(placedAt, strategy: .iso8601) }

    /// The order for `cart`'s books at their catalog prices, or nil when none of them is for sale.
    init?(id: String = Order.newID(), cart: Cart, catalog: Catalog, details: CheckoutDetails, at date: Date) {
        let lines = Self.lines(of: cart, in: catalog)
        guard !lines.isEmpty else { return nil }
        self.id = id
        placedAt = date.formatted(.iso8601)
        name = details.name
        email = details.email
        self.lines = lines
        totalCents = lines.reduce(0) { $0 + $1.quantity * $1.unitPriceCents }
    }

    /// The cart's books that are for sale, at today's prices.
    static func lines(of cart: Cart, in catalog: Catalog) -> [Line] {
        cart.lines.compactMap { line in
            catalog.book(line.book).map { Line(book: $0.id, quantity: line.quantity, unitPriceCents: $0.priceCents) }
        }
    }

    /// Twelve random hexadecimal digits, in capitals: short enough to read out, random enough not to guess.
    static func newID() -> String {
        Randomness.hex(byteCount: 6).uppercased()
    }

    /// Whether `id` has the form of ``newID()``; anything else is not looked up.
    static func isValidID(_ id: String) -> Bool {
        id.utf8.count == 12 && id.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
    }
}
