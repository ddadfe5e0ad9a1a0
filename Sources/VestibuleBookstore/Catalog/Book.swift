/// An e-book for sale: what the catalog shows, in each language, and its price.
struct Book: Sendable, Decodable, Equatable {
    /// Stable and URL-safe (`pride-and-prejudice`): carts and orders refer to books by it.
    let id: String
    /// US cents.
    let priceCents: Int
    /// The title, author and one-line description in every ``BookstoreLanguage``.
    let texts: [BookstoreLanguage: Texts]

    struct Texts: Sendable, Decodable, Equatable {
        let title: String
        let author: String
        let blurb: String
    }

    func texts(in language: BookstoreLanguage) -> Texts {
        // The catalog refuses books without every language at load time.
        texts[language]!
    }

    private enum CodingKeys: String, CodingKey {
        case id, priceCents, texts
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        priceCents = try container.decode(Int.self, forKey: .priceCents)
        let byTag = try container.decode([String: Texts].self, forKey: .texts)
        texts = Dictionary(uniqueKeysWithValues: byTag.compactMap { tag, texts in
            BookstoreLanguage(rawValue: tag).map { ($0, texts) }
        })
    }
}
