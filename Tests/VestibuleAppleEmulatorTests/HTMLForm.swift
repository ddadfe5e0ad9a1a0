/// The first form of a page the emulator wrote: its action and its inputs, entities decoded. Enough to play
/// a browser over plain HTTP against markup of known shape; the Chromium test plays a real one.
struct HTMLForm {
    let action: String
    /// Hidden inputs and checked radio buttons, in document order.
    let fields: [(name: String, value: String)]

    init?(_ html: String) {
        guard let form = html.firstMatch(of: /<form method="post" action="([^"]*)"/) else { return nil }
        action = Self.decoded(String(form.1))
        fields = html.matches(of: /<input ([^>]*)>/).compactMap { input in
            let attributes = String(input.1)
            guard let name = Self.attribute("name", in: attributes) else { return nil }
            let type = Self.attribute("type", in: attributes)
            guard type == "hidden" || (type == "radio" && attributes.contains(" checked")) else { return nil }
            return (name, Self.attribute("value", in: attributes) ?? "")
        }
    }

    subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    private static func attribute(_ name: String, in attributes: String) -> String? {
        for match in attributes.matches(of: /([a-z_-]+)="([^"]*)"/) where match.1 == name {
            return decoded(String(match.2))
        }
        return nil
    }

    private static func decoded(_ text: String) -> String {
        text.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
            .replacing("&#39;", with: "'").replacing("&amp;", with: "&")
    }
}
