import VestibuleHTML

/// `/`: every book, open to everyone. Nothing here asks who the visitor is; "Add to cart" is the first step
/// that keeps anything, and so the first that makes a guest (SIWA-3, AUTH-3).
enum CatalogPage {
    static func render(_ catalog: Catalog, in context: PageContext) -> Page {
        let books = catalog.books.map { book -> HTML in
            let texts = book.texts(in: context.language)
            return """
            <li class="book" data-book="\(book.id)">
            <h2 class="book-title" id="title-\(book.id)">\(texts.title)</h2>
            <p class="book-author">\(context.text(.catalogAuthor, ["author": texts.author]))</p>
            <p>\(texts.blurb)</p>
            <div class="book-buy">
            <p class="book-price">\(context.price(cents: book.priceCents))</p>
            <form class="inline-form" method="post" action="/cart/add">\(context.csrfField)\
            <input type="hidden" name="book" value="\(book.id)">\
            <button class="button" type="submit" aria-describedby="title-\(book.id)">\(context.text(.catalogAdd))</button>\
            </form>
            </div>
            </li>
            """
        }
        return Page(
            title: context.text(.catalogTitle),
            main: """
            <h1>\(context.text(.catalogTitle))</h1>
            <p class="lead">\(context.text(.catalogLead))</p>
            <ul class="books">\(books)</ul>
            """
        )
    }
}
