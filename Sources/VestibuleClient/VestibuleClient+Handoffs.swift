public import VestibuleAPI

/// Signing in through Vestibule from a web app on another origin (`docs/api.md`, "Hand-off"): the app's server
/// starts a hand-off with its key, sends the browser to Vestibule, and exchanges the code it brings back.
extension VestibuleClient {
    /// Asks Vestibule for a hand-off: a page on Vestibule's origin to send the browser to, and the key that alone,
    /// with the app's key, can exchange the code Vestibule sends back to `returnTo`. With `guest`, the guest's
    /// documents move into the account the person signs in to, by the merge rule the app is registered with.
    public func startHandoff(
        _ request: HandoffRequest, bringing guest: Owner? = nil
    ) throws(VestibuleClientError) -> HandoffReply {
        let handoff = try exchange(.post, APIPath.handoffs, request, bearer: guest?.bearer, as: HandoffReply.self)
        // The browser is sent there: only ever to Vestibule itself.
        guard handoff.url.hasPrefix(origin + "/") else {
            throw VestibuleClientError(
                .unexpectedReply, call: "POST \(APIPath.handoffs): the hand-off page is not on Vestibule's origin"
            )
        }
        return handoff
    }

    /// Exchanges the one-time code the browser brought back for a session of the account, proving with
    /// `exchangeKey` that this app is the one that asked.
    ///
    /// - Throws: ``VestibuleClientError/Code/refused`` (`invalidCode`) for a code that is used, expired, or not
    ///   this exchange key's: one try, the code is used up either way.
    public func finishHandoff(code: String, exchangeKey: String) throws(VestibuleClientError) -> ExchangeReply {
        try exchange(
            .post, APIPath.handoffExchange, ExchangeRequest(code: code, exchangeKey: exchangeKey), as: ExchangeReply.self
        )
    }
}
