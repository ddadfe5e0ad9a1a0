import VestibuleClient

extension Shop {
    /// Whether `name` is a guest's cart that Vestibule kept beside the account's under the `keepBoth` merge
    /// rule: `cart.guest`, or `cart.guest-2`, `cart.guest-3`, … when earlier ones were still there.
    static func isGuestCart(_ name: String) -> Bool {
        let prefix = cartName + ".guest"
        guard name.hasPrefix(prefix) else { return false }
        let rest = name.dropFirst(prefix.count)
        return rest.isEmpty || (rest.hasPrefix("-") && Int(rest.dropFirst()) != nil)
    }

    /// Folds every guest cart into the account's `cart`, summing the copies of books in both, and deletes it:
    /// signing in to an account that already had a cart loses neither. Returns how many were folded.
    ///
    /// Safe to repeat after an interruption and to run from two requests at once: the fold is recorded in the
    /// cart it writes (``Cart/absorbed``) before the guest cart is deleted, so a guest cart read twice is added
    /// once. Its record is the name, version and time of the write, which a later `cart.guest` cannot share.
    @discardableResult
    func foldGuestCarts(of owner: Owner) throws(VestibuleClientError) -> Int {
        var folded = 0
        for summary in try vestibule.documents(of: owner) where Self.isGuestCart(summary.name) {
            guard let guest = try vestibule.document(summary.name, as: Cart.self, of: owner) else { continue }
            let record = "\(summary.name)#\(guest.version)#\(summary.updatedAt)"
            try updateCart(of: owner) { $0.absorb(guest.value, id: record) }
            do {
                try vestibule.delete(summary.name, version: guest.version, of: owner)
                folded += 1
            } catch where error.code == .versionMismatch {
                // Another request folded it and deleted it first: already in the cart, once.
            }
        }
        return folded
    }
}
