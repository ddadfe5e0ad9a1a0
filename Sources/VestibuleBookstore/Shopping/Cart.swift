/// The books a shopper means to buy: the `cart` document in Vestibule, owned by their guest or account.
struct Cart: Sendable, Codable, Equatable {
    struct Line: Sendable, Codable, Equatable {
        let book: String
        var quantity: Int
    }

    /// E-books: a few copies make gifts, more is a mistake.
    static let maxQuantity = 10
    /// How many folds ``absorbed`` remembers; older ones cannot come back (each guest cart is deleted once folded).
    static let absorbedLimit = 20

    private(set) var lines: [Line] = []
    /// The guest carts already folded into this one (see ``Shop/foldGuestCarts(of:)``), so that a fold repeated
    /// after an interruption, or run by two requests at once, adds nothing twice.
    private(set) var absorbed: [String] = []

    init(lines: [Line] = []) {
        for line in lines { add(line.book, quantity: line.quantity) }
    }

    var isEmpty: Bool { lines.isEmpty }

    /// Books in the cart, counting copies.
    var count: Int { lines.reduce(0) { $0 + $1.quantity } }

    func quantity(of book: String) -> Int {
        lines.first { $0.book == book }?.quantity ?? 0
    }

    /// Adds copies of `book` (a new line at the end), up to ``maxQuantity``.
    mutating func add(_ book: String, quantity: Int = 1) {
        setQuantity(self.quantity(of: book) + quantity, of: book)
    }

    /// Sets the copies of `book`, clamped to ``maxQuantity``; 0 or less removes the line.
    mutating func setQuantity(_ quantity: Int, of book: String) {
        let clamped = min(quantity, Self.maxQuantity)
        if let index = lines.firstIndex(where: { $0.book == book }) {
            if clamped > 0 { lines[index].quantity = clamped } else { lines.remove(at: index) }
        } else if clamped > 0 {
            lines.append(Line(book: book, quantity: clamped))
        }
    }

    /// Takes `other`'s lines in, summing the quantities of books in both, unless the fold `id` was taken in
    /// already. Returns whether anything was taken in.
    @discardableResult
    mutating func absorb(_ other: Cart, id: String) -> Bool {
        guard !absorbed.contains(id) else { return false }
        for line in other.lines { add(line.book, quantity: line.quantity) }
        absorbed = Array((absorbed + [id]).suffix(Self.absorbedLimit))
        return true
    }

    /// Removes what an order bought, leaving anything added since.
    mutating func remove(_ order: Order) {
        for line in order.lines { setQuantity(quantity(of: line.book) - line.quantity, of: line.book) }
    }

    private enum CodingKeys: String, CodingKey {
        case lines, absorbed
    }

    /// Lenient about what a document written by another version left out; strict about types.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(lines: try container.decodeIfPresent([Line].self, forKey: .lines) ?? [])
        absorbed = try container.decodeIfPresent([String].self, forKey: .absorbed) ?? []
    }
}
