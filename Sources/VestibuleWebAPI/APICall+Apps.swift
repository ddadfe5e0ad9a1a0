import VestibuleCore
import VestibuleHTTP

extension APICall {
    static let appKeyHeader = "X-Vestibule-App-Key"
    static let clientAddressHeader = "X-Vestibule-Client-Address"

    /// The registered app whose key the call presents in `X-Vestibule-App-Key`; `nil` without the header.
    ///
    /// - Throws: ``APIRefusal`` 401 `invalidAppKey` for a key no app has (never a quiet fall back to an
    ///   anonymous call: a misconfigured app learns it on its first call).
    func registeredApp() throws -> RegisteredApp? {
        guard let presented = request.headers[Self.appKeyHeader] else { return nil }
        guard let registered = site.configuration.apps.app(presenting: presented) else {
            throw APIRefusal(status: .unauthorized, code: "invalidAppKey", message: text(.passkeyFailed))
        }
        return registered
    }

    /// The registered app making the call, for what only apps may do (hand-offs).
    ///
    /// - Throws: ``APIRefusal`` 401 `appKeyRequired` without a key, `invalidAppKey` for a wrong one.
    func requiredApp() throws -> RegisteredApp {
        guard let registered = try registeredApp() else {
            throw APIRefusal(status: .unauthorized, code: "appKeyRequired", message: text(.passkeyFailed))
        }
        return registered
    }

    /// The counter this call is recorded against.
    ///
    /// - Without `X-Vestibule-App-Key`: the caller's address, as always. `X-Vestibule-Client-Address` is then
    ///   ignored: anyone could send it.
    /// - With a registered app's key: the visitor address the app's server forwards in
    ///   `X-Vestibule-Client-Address`, in a namespace of its own, so each of the app's visitors has their own
    ///   budget; without that header, the app itself, so its own calls do not share the budget of whoever else
    ///   calls from its address.
    ///
    /// - Throws: ``APIRefusal`` 401 `invalidAppKey` for a key no app has, 400 `invalidRequest` for a client
    ///   address that is not an IPv4 or IPv6 address.
    func rateLimitKey() throws -> String {
        guard let registered = try registeredApp() else { return RateLimiter.networkKey("api", request.remoteNetwork) }
        guard let forwarded = request.headers[Self.clientAddressHeader] else { return "api|app|\(registered.id)" }
        guard ClientAddress.canonical(forwarded) != nil else { throw APIRefusal.invalid(text(.passkeyFailed)) }
        return RateLimiter.networkKey("api|app-client", ClientAddress.network(of: forwarded))
    }
}
