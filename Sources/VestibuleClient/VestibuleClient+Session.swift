public import VestibuleAPI
import VestibuleHTTP

/// The session API (`docs/api.md`, "Session"): who is signed in, and an app's sign-out.
extension VestibuleClient {
    /// The name of Vestibule's session cookie: `__Host-`-prefixed when Vestibule is served over HTTPS.
    public var sessionCookieName: String {
        origin.lowercased().hasPrefix("https://") ? "__Host-vestibule_session" : "vestibule_session"
    }

    /// Who the session belongs to and how they signed in; `nil` when there is no such session (signed out,
    /// expired, revoked from Vestibule's account page).
    public func session(_ credential: SessionCredential) throws(VestibuleClientError) -> SessionReply? {
        var headers = HTTPHeaders()
        var bearer: String?
        switch credential {
        case .token(let token): bearer = token
        case .cookie(let value): headers.replace("Cookie", "\(sessionCookieName)=\(value)")
        }
        let response = try send(.get, APIPath.session, bearer: bearer, headers: headers, handled: [401])
        guard response.status != 401 else { return nil }
        return try decode(SessionReply.self, from: response, call: "GET \(APIPath.session)")
    }

    /// Ends the session: an app's sign-out. A session that had ended already is not an error.
    ///
    /// Only by token: a cookie's sign-out needs the page's anti-forgery token, which only a browser has.
    public func signOut(sessionToken: String) throws(VestibuleClientError) {
        _ = try send(.delete, APIPath.session, bearer: sessionToken, handled: [401])
    }
}
