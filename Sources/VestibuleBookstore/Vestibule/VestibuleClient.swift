import Foundation
import VestibuleHTTP
public import VestibuleHTTPClient

/// Vestibule as an app sees it: its HTTP integration API (`docs/api.md`), called server to server, the
/// only way the bookstore reaches it. No cookies and no `Origin` go with these calls, so Vestibule asks no
/// anti-forgery token of them; guests and accounts are named by `Authorization: Bearer`.
///
/// Every call blocks (libcurl) for at most the HTTP client's timeout: make them from the server's worker
/// threads, never from Swift's cooperative pool.
public struct VestibuleClient: Sendable {
    /// Vestibule's origin, `http://localhost:8080`.
    public let origin: String
    let http: HTTPClient
    /// The key of the bookstore's registration at Vestibule, sent as `X-Vestibule-App-Key`: hand-offs need it,
    /// and Vestibule counts these calls per shopper (``shopperAddress``) rather than against the bookstore's address.
    let appKey: String?
    /// The address of the shopper the calls are made for, sent as `X-Vestibule-Client-Address` with the key.
    public private(set) var shopperAddress: String?

    public init(origin: String, appKey: String? = nil, http: HTTPClient = VestibuleClient.defaultHTTPClient) {
        self.origin = origin
        self.appKey = appKey
        self.http = http
    }

    /// This client, making its calls for the shopper at `address` (the bookstore's `request.remoteAddress`): with
    /// an app key, Vestibule counts them against that shopper's own limit. Without a key the address is not sent,
    /// as Vestibule would not trust it.
    public func forShopper(at address: String) -> VestibuleClient {
        var client = self
        client.shopperAddress = address
        return client
    }

    /// Vestibule answers in milliseconds on the same network; a page that waits longer is better off saying so.
    public static let defaultHTTPClient = HTTPClient(
        userAgent: "vestibule-bookstore/0.1 (demo app)", timeout: .seconds(10), connectTimeout: .seconds(3),
        maxResponseBytes: 256 * 1024
    )

    /// Sends one call and returns Vestibule's answer when it is a success or a refusal the caller handles
    /// (`handled`); everything else becomes the error that says what happened.
    func send(
        _ method: HTTPMethod,
        _ path: String,
        owner: Owner? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8]? = nil,
        handled: Set<Int> = []
    ) throws(VestibuleClientError) -> HTTPClientResponse {
        let call = "\(method) \(path)"
        var headers = headers
        headers.replace("Accept", "application/json")
        if let owner { headers.replace("Authorization", "Bearer \(owner.bearer)") }
        if body != nil { headers.replace("Content-Type", "application/json") }
        if let appKey {
            headers.replace("X-Vestibule-App-Key", appKey)
            if let shopperAddress { headers.replace("X-Vestibule-Client-Address", shopperAddress) }
        }
        let response: HTTPClientResponse
        do {
            let request = HTTPClientRequest(method: method, url: origin + path, headers: headers, body: body ?? [])
            response = try http.send(request)
        } catch {
            throw VestibuleClientError(.unreachable, call: "\(call): \(error.code)")
        }
        if (200..<300).contains(response.status) { return response }
        let failure = failure(of: response, call: call)
        // A 401 the caller expects means a session or guest that ended, never a wrong app key.
        if handled.contains(response.status), failure.apiError != Self.invalidAppKey { return response }
        throw failure
    }

    /// Vestibule's error for an `X-Vestibule-App-Key` that no registered app has.
    static let invalidAppKey = "invalidAppKey"

    /// The error for an answer the caller did not expect, keeping Vestibule's `error` code.
    func failure(of response: HTTPClientResponse, call: String) -> VestibuleClientError {
        let apiError = (try? JSONDecoder().decode(APIError.self, from: Data(response.body)))?.error
        let code: VestibuleClientError.Code =
            switch response.status {
            // The bookstore's configuration, not the shopper's session: never "forget the cookies and retry".
            case 401 where apiError == Self.invalidAppKey: .refused
            case 401: .signInRequired
            case 412: .versionMismatch
            case 400..<500: .refused
            default: .unexpectedReply
            }
        return VestibuleClientError(code, call: call, status: response.status, apiError: apiError)
    }

    /// `body` as the JSON the API documents.
    func decode<Value: Decodable>(
        _ type: Value.Type, from response: HTTPClientResponse, call: String
    ) throws(VestibuleClientError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(response.body))
        } catch {
            throw VestibuleClientError(
                .unexpectedReply, call: "\(call): the reply is not the documented JSON", status: response.status
            )
        }
    }

    /// `value` as a JSON request body.
    func encode(_ value: some Encodable, call: String) throws(VestibuleClientError) -> [UInt8] {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return Array(try encoder.encode(value))
        } catch {
            throw VestibuleClientError(.invalidRequest, call: call)
        }
    }

    /// `{"error": code, "message": text}`, as every refusal of the API.
    private struct APIError: Decodable {
        let error: String
    }
}
