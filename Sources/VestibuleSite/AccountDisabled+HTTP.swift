public import VestibuleCore
public import VestibuleHTTP

/// A sign-in to a disabled account is 423, from a page or the API alike: the error page and the API's message
/// say the account is turned off and whom to ask.
extension AccountDisabled: HTTPResponseError {
    public var httpError: HTTPError {
        HTTPError(.locked, "This account is turned off by the site's operators.")
    }
}
