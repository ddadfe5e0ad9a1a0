import VestibuleHTTP

/// An error of `/auth/token` and `/auth/revoke`: HTTP 400 with Apple's `ErrorResponse` JSON.
///
/// The descriptions are the texts Apple has been seen to send (see the Sign in with Apple notes); Apple sends
/// `invalid_client` and `unsupported_grant_type` without one. Texts for a missing parameter are the emulator's.
struct TokenEndpointError: Error, Equatable {
    let error: String
    let description: String?

    private struct Body: Encodable {
        let error: String
        let error_description: String?
    }

    var response: Response {
        AppleJSON.response(Body(error: error, error_description: description), status: .badRequest)
    }

    static let invalidClient = TokenEndpointError(error: "invalid_client", description: nil)
    static let unsupportedGrantType = TokenEndpointError(error: "unsupported_grant_type", description: nil)
    static let codeExpiredOrRevoked = invalidGrant("The code has expired or has been revoked.")
    static let codeAlreadyUsed = invalidGrant("The code has already been used.")
    static let tokenExpiredOrRevoked = invalidGrant("The token has expired or has been revoked.")

    static func invalidGrant(_ description: String) -> TokenEndpointError {
        TokenEndpointError(error: "invalid_grant", description: description)
    }

    static func missing(_ parameter: String) -> TokenEndpointError {
        TokenEndpointError(error: "invalid_request", description: "The request is missing the \(parameter) parameter.")
    }
}
