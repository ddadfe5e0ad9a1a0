import VestibuleClient

/// The shop's work on a shopper's documents in Vestibule: the cart, the orders, and folding in the cart a
/// guest brought to an account that had one.
///
/// Optimistic concurrency throughout: every write names the version it read (`If-Match`, or `If-None-Match: *`
/// for a new document), and a write that lost a race to another tab reads again and retries.
struct Shop: Sendable {
    let vestibule: VestibuleClient
    let catalog: Catalog

    static let cartName = "cart"
    /// Tries of a read-change-write that keeps losing races before the shopper is told to try again.
    static let attempts = 4

    /// The shopper's cart; empty when they have none yet, or are not even a guest (and so keep nothing).
    func cart(of owner: Owner?) throws(VestibuleClientError) -> Cart {
        guard let owner else { return Cart() }
        return try vestibule.document(Self.cartName, as: Cart.self, of: owner)?.value ?? Cart()
    }

    /// Reads the cart, applies `change`, and writes it back against the version read (creating it when there was
    /// none); after a lost race, from the top. Returns the cart as written.
    @discardableResult
    func updateCart(of owner: Owner, _ change: (inout Cart) -> Void) throws(VestibuleClientError) -> Cart {
        var attempt = 1
        while true {
            let stored = try vestibule.document(Self.cartName, as: Cart.self, of: owner)
            var cart = stored?.value ?? Cart()
            change(&cart)
            if let stored, cart == stored.value { return cart }
            do {
                if let stored {
                    try vestibule.write(Self.cartName, cart, expecting: .version(stored.version), for: owner)
                } else {
                    try vestibule.write(Self.cartName, cart, expecting: .absent, for: owner)
                }
                return cart
            } catch where error.code == .versionMismatch && attempt < Self.attempts {
                attempt += 1
            }
        }
    }
}
