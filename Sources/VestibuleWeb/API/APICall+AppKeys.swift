extension APICall {
    static let appKeyHeader = "X-Vestibule-App-Key"
    static let clientAddressHeader = "X-Vestibule-Client-Address"

    /// The counter this call is recorded against.
    ///
    /// - Without `X-Vestibule-App-Key`: the caller's address, as always. `X-Vestibule-Client-Address` is then
    ///   ignored: anyone could send it.
    /// - With a valid key: the visitor address the app's server forwards in `X-Vestibule-Client-Address`, in a
    ///   namespace of its own, so each of the app's visitors has their own budget; without that header, the key
    ///   itself, so the app's own calls do not share the budget of whoever else calls from its address.
    ///
    /// - Throws: ``APIRefusal`` 401 `invalidAppKey` for a key that is not one of `app-keys` (never a quiet fall
    ///   back to the address: a misconfigured app learns it on its first call), 400 `invalidRequest` for a
    ///   client address that is not an IPv4 or IPv6 address.
    func rateLimitKey() throws -> String {
        guard let presented = request.headers[Self.appKeyHeader] else { return "api|address|\(request.remoteAddress)" }
        guard let key = app.configuration.appKeys.match(presented) else {
            throw APIRefusal(status: .unauthorized, code: "invalidAppKey", message: text(.passkeyFailed))
        }
        guard let forwarded = request.headers[Self.clientAddressHeader] else { return "api|app|\(key)" }
        guard let address = ClientAddress.canonical(forwarded) else { throw APIRefusal.invalid(text(.passkeyFailed)) }
        return "api|app-client|\(address)"
    }
}
