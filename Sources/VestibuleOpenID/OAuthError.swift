import VestibuleHTTP

/// An error the token, revocation and introspection endpoints answer in OAuth 2.0's JSON form (RFC 6749 5.2).
struct OAuthError: Error {
    let status: HTTPStatus
    let code: String
    let description: String
    /// `WWW-Authenticate`, for a client that authenticated (or should have) with HTTP Basic.
    var challenge: String?

    static func invalidRequest(_ description: String) -> OAuthError {
        OAuthError(status: .badRequest, code: "invalid_request", description: description)
    }

    static func invalidGrant(_ description: String) -> OAuthError {
        OAuthError(status: .badRequest, code: "invalid_grant", description: description)
    }

    static func invalidClient(_ description: String, basic: Bool) -> OAuthError {
        OAuthError(
            status: .unauthorized, code: "invalid_client", description: description,
            challenge: basic ? "Basic realm=\"vestibule\"" : nil
        )
    }

    var response: Response {
        var response = OAuthResponse.json(["error": code, "error_description": description], status: status)
        if let challenge { response.headers.replace("WWW-Authenticate", challenge) }
        return response
    }
}

/// The answers of the endpoints apps' servers call: JSON, never cached (RFC 6749 5.1).
enum OAuthResponse {
    static func json(_ value: some Encodable, status: HTTPStatus = .ok) -> Response {
        var response = (try? Response.json(value, status: status)) ?? Response.empty(.internalServerError)
        response.headers.replace("Cache-Control", "no-store")
        response.headers.replace("Pragma", "no-cache")
        return response
    }

    /// Runs an endpoint's work, answering an ``OAuthError`` in its JSON form.
    static func answering(_ work: () throws -> Response) throws -> Response {
        do { return try work() } catch let error as OAuthError { return error.response }
    }
}
