import Foundation
import VestibuleClient

extension Shop {
    /// Places the order for what the cart holds (at today's prices) as `order-<id>` of `owner`, then takes
    /// those books out of the cart, leaving anything another tab added meanwhile. Nil when the cart holds
    /// nothing for sale.
    func checkout(_ owner: Owner, details: CheckoutDetails, at date: Date) throws(VestibuleClientError) -> Order? {
        guard let order = Order(cart: try cart(of: owner), catalog: catalog, details: details, at: date) else {
            return nil
        }
        try vestibule.write(order.documentName, order, expecting: .absent, for: owner)
        try updateCart(of: owner) { $0.remove(order) }
        return order
    }

    /// The order `id` of `owner`, or nil when they have none by that id (or the id is not one of ours).
    func order(_ id: String, of owner: Owner) throws(VestibuleClientError) -> Order? {
        guard Order.isValidID(id) else { return nil }
        return try vestibule.document(Order.documentPrefix + id, as: Order.self, of: owner)?.value
    }

    /// Every order of `owner`, newest first.
    func orders(of owner: Owner) throws(VestibuleClientError) -> [Order] {
        var orders: [Order] = []
        for summary in try vestibule.documents(of: owner) where summary.name.hasPrefix(Order.documentPrefix) {
            if let order = try vestibule.document(summary.name, as: Order.self, of: owner)?.value {
                orders.append(order)
            }
        }
        return orders.sorted { $0.placedAt > $1.placedAt }
    }
}
