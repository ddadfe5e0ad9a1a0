/// The anti-forgery token in a rendered page's first form (the `csrf` field of Vestibule's and the bookstore's
/// forms).
public func csrfToken(in html: String) -> String? {
    guard let field = html.range(of: "name=\"csrf\" value=\"") else { return nil }
    let rest = html[field.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
}
