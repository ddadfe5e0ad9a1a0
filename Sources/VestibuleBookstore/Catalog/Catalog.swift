import Foundation
import VestibuleClient

/// The books for sale, read once at start-up from `Resources/books.json`.
struct Catalog: Sendable {
    /// In the order the shop shows them.
    let books: [Book]
    private let byID: [String: Book]

    struct LoadError: Error, CustomStringConvertible {
        let description: String
    }

    init(books: [Book]) throws(LoadError) {
        for book in books {
            let missing = BookstoreLanguage.allCases.filter { book.texts[$0] == nil }
            guard missing.isEmpty else {
                throw LoadError(description: "The book \(book.id) has no texts in \(missing.map(\.tag)).")
            }
            guard book.priceCents > 0, VestibuleClient.isValidDocumentName(book.id) else {
                throw LoadError(description: "The book \(book.id) needs a positive price and an id of [A-Za-z0-9._-].")
            }
        }
        let byID = Dictionary(books.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        guard byID.count == books.count else { throw LoadError(description: "Two books share an id.") }
        self.books = books
        self.byID = byID
    }

    /// The catalog shipped with the bookstore.
    static func bundled() throws(LoadError) -> Catalog {
        guard let url = Bundle.module.url(forResource: "books", withExtension: "json", subdirectory: "Resources"),
              let data = try? Data(contentsOf: url)
        else { throw LoadError(description: "books.json is missing from the bundle.") }
        let books: [Book]
        do {
            books = try JSONDecoder().decode([Book].self, from: data)
        } catch {
            throw LoadError(description: "books.json is not a list of books: \(error)")
        }
        return try Catalog(books: books)
    }

    func book(_ id: String) -> Book? { byID[id] }
}
