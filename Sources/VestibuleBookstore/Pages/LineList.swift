import VestibuleHTML

/// The books of an order, or of a cart at today's prices (``Order/lines(of:in:)``), each with its title, copies
/// and price, and the total: what checkout, an order's page and the orders page show alike.
enum LineList {
    static func render(_ lines: [Order.Line], in context: PageContext) -> HTML {
        let items = lines.map { line -> HTML in
            // A book no longer in the catalog still shows in the orders that bought it, by its id.
            let title = context.catalog.book(line.book)?.texts(in: context.language).title ?? line.book
            let price = context.price(cents: line.unitPriceCents)
            return """
            <li data-line="\(line.book)"><span class="line-title">\(title)</span> \
            <span class="muted">\(context.text(.orderQuantity, ["count": String(line.quantity), "price": price]))</span></li>
            """
        }
        let total = lines.reduce(0) { $0 + $1.quantity * $1.unitPriceCents }
        return """
        <ul class="line-list">\(items)</ul>
        <p class="total">\(context.text(.orderTotal, ["amount": context.price(cents: total)]))</p>
        """
    }
}
