import Foundation

/// The password in the store's URL, kept only to remove it from libpq's messages before they become errors.
struct ConnectionSecret: Sendable {
    private let forms: [String]

    init(url: String) {
        // postgres://user:password@host…: the password sits between the first ':' after "//" and the last '@'
        // of the authority.
        guard let schemeEnd = url.range(of: "://") else { forms = []; return }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@") else { forms = []; return }
        let userInfo = authority[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { forms = []; return }
        let password = String(userInfo[userInfo.index(after: colon)...])
        guard !password.isEmpty else { forms = []; return }
        forms = [password, password.removingPercentEncoding].compactMap { $0 }.filter { !$0.isEmpty }
    }

    func scrub(_ text: String) -> String {
        forms.reduce(text) { $0.replacingOccurrences(of: $1, with: "********") }
    }
}
