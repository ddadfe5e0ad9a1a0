import Foundation
import VestibuleHTTP
import VestibuleHTTPClient
import VestibuleTesting

/// A shopper without a browser: plain HTTP to the bookstore over its socket, keeping cookies, and posting
/// forms from the bookstore's origin with the anti-forgery token of the last page it loaded.
final class ShopperClient {
    let origin: String
    private(set) var jar = CookieJar()
    private(set) var lastPage = ""
    private let http = HTTPClient(userAgent: "bookstore-tests")

    init(origin: String) {
        self.origin = origin
    }

    @discardableResult
    func get(_ target: String, headers: HTTPHeaders = HTTPHeaders()) throws -> HTTPClientResponse {
        try send(HTTPClientRequest(method: .get, url: origin + target, headers: withCookies(headers)))
    }

    /// Posts `fields` as a form, adding the last page's token unless `fields` has one (`""` sends none).
    @discardableResult
    func post(_ target: String, _ fields: [String: String], headers: HTTPHeaders = HTTPHeaders()) throws -> HTTPClientResponse {
        var all = fields
        if all["csrf"] == nil { all["csrf"] = csrfToken(in: lastPage) ?? "" }
        if all["csrf"] == "" { all["csrf"] = nil }
        var headers = withCookies(headers)
        headers.addIfAbsent("Content-Type", "application/x-www-form-urlencoded")
        headers.addIfAbsent("Origin", origin)
        let body = URLEncodedFields(all.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }).encoded
        return try send(HTTPClientRequest(method: .post, url: origin + target, headers: headers, body: Array(body.utf8)))
    }

    func cookie(_ name: String) -> String? { jar[name] }

    private func send(_ request: HTTPClientRequest) throws -> HTTPClientResponse {
        let response = try http.send(request)
        jar.remember(response.headers.values(for: "Set-Cookie"))
        if response.headers["Content-Type"]?.hasPrefix("text/html") == true { lastPage = response.text }
        return response
    }

    private func withCookies(_ headers: HTTPHeaders) -> HTTPHeaders {
        var headers = headers
        if let cookie = jar.header { headers.addIfAbsent("Cookie", cookie) }
        return headers
    }
}
