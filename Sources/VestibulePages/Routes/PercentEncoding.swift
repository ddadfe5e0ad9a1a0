import Foundation

/// Percent-encoding for values placed in a query string or a cookie we build (RFC 3986 unreserved characters kept).
enum PercentEncoding {
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func queryValue(_ value: String) -> String {
        // Only fails for unpaired surrogates, which a Swift String cannot hold.
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
