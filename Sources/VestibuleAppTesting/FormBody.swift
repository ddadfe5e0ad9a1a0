import Foundation

/// `application/x-www-form-urlencoded` bodies as a browser sends them.
public enum FormBody {
    public static func encode(_ fields: [String: String]) -> String {
        fields.map { "\(encode($0.key))=\(encode($0.value))" }.joined(separator: "&")
    }

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
