import Foundation
import VestibuleCore
import VestibuleHTTP
import VestibuleSite

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

    /// What an app hands over of its visitor with a hand-off or a guest ticket, to be prefilled on the sign-up and
    /// sign-in pages (SIWA-6): only prefilled, but it must fit the fields it fills. Blank values are dropped.
    ///
    /// - Throws: ``APIRefusal`` 400 for an address that is not one, or a name longer than a passkey's.
    func prefill(name: String?, email: String?) throws -> (name: String?, email: String?) {
        let name = name?.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty
        guard (name?.count ?? 0) <= PasskeyNames.maximumLength else { throw APIRefusal.invalid(text(.passkeyFailed)) }
        let email = try email.flatMap(\.nonEmpty).map { text throws(APIRefusal) in
            guard let address = try? EmailAddress(text) else { throw APIRefusal.invalid(self.text(.emailInvalid)) }
            return address.value
        }
        return (name, email)
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

extension String {
    /// The text, or `nil` when it is empty.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
