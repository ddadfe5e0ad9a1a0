import VestibuleHTML

/// `/cart`: the books kept for the shopper, to change or remove, and the way to checkout, which needs no
/// account (SIWA-6).
enum CartPage {
    static func render(_ cart: Cart, added: Book?, in context: PageContext) -> Page {
        let notice: HTML = added.map { book in
            """
            <p class="notice" role="status">\(context.text(.cartAdded, ["title": book.texts(in: context.language).title]))</p>
            """
        } ?? ""
        let lines = Order.lines(of: cart, in: context.catalog)
        let content: HTML
        if lines.isEmpty {
            content = """
            <p>\(context.text(.cartEmpty))</p>
            <p><a class="button" href="/">\(context.text(.cartBrowse))</a></p>
            """
        } else {
            let total = lines.reduce(0) { $0 + $1.quantity * $1.unitPriceCents }
            content = """
            <ul class="item-list">\(lines.map { item($0, in: context) })</ul>
            <p class="total">\(context.text(.cartTotal, ["amount": context.price(cents: total)]))</p>
            <p class="muted">\(context.text(.cartNoAccountNeeded))</p>
            <p><a class="button" href="/checkout">\(context.text(.cartCheckout))</a></p>
            """
        }
        return Page(
            title: context.text(.cartTitle),
            main: """
            <h1>\(context.text(.cartTitle))</h1>
            \(notice)
            \(content)
            """
        )
    }

    /// One book: its title and price beside a form to change the copies or remove it, stacked when the text is
    /// large. The buttons name their book to screen readers through `aria-describedby`.
    private static func item(_ line: Order.Line, in context: PageContext) -> HTML {
        let book = line.book
        let texts = context.catalog.book(book)?.texts(in: context.language)
        let price = context.price(cents: line.unitPriceCents)
        return """
        <li class="item" data-line="\(book)">
        <div class="item-row">
        <div class="item-details">
        <p class="item-title" id="line-\(book)">\(texts?.title ?? book)</p>
        <p class="item-meta">\(context.text(.orderQuantity, ["count": String(line.quantity), "price": price]))</p>
        </div>
        <form class="line-form" method="post" action="/cart/update">\(context.csrfField)\
        <input type="hidden" name="book" value="\(book)">
        <div class="field">
        <label for="quantity-\(book)">\(context.text(.cartQuantity))</label>
        <input id="quantity-\(book)" name="quantity" type="number" inputmode="numeric" min="1" max="\(Cart.maxQuantity)" \
        value="\(line.quantity)">
        </div>
        <div class="line-actions">
        <button class="button button-secondary" type="submit" aria-describedby="line-\(book)">\
        \(context.text(.cartUpdate))</button>
        <button class="button button-secondary" type="submit" name="remove" value="1" aria-describedby="line-\(book)">\
        \(context.text(.cartRemove))</button>
        </div>
        </form>
        </div>
        </li>
        """
    }
}
