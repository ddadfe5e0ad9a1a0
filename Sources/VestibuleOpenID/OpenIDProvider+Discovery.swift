import VestibuleAPI
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP

extension OpenIDProvider {
    /// OpenID Connect Discovery 1.0: what this provider supports, for apps that configure themselves from it.
    func discovery() throws -> Response {
        let issuer = site.configuration.origin
        var response = try Response.json(
            Discovery(
                issuer: issuer,
                authorization_endpoint: issuer + OpenIDPath.authorize,
                token_endpoint: issuer + OpenIDPath.token,
                userinfo_endpoint: issuer + OpenIDPath.userInfo,
                jwks_uri: issuer + APIPath.jwks,
                revocation_endpoint: issuer + OpenIDPath.revoke,
                introspection_endpoint: issuer + OpenIDPath.introspect,
                end_session_endpoint: issuer + OpenIDPath.endSession,
                scopes_supported: OpenIDScope.allCases.map(\.rawValue),
                response_types_supported: ["code"],
                response_modes_supported: ["query"],
                grant_types_supported: ["authorization_code", "refresh_token"],
                subject_types_supported: ["public"],
                id_token_signing_alg_values_supported: SigningKeys.algorithms.map(\.rawValue).sorted(by: >),
                token_endpoint_auth_methods_supported: ClientAuthentication.methods,
                revocation_endpoint_auth_methods_supported: ClientAuthentication.methods,
                introspection_endpoint_auth_methods_supported: ClientAuthentication.methods,
                code_challenge_methods_supported: ["S256"],
                claims_supported: [
                    "iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "amr", "sid", "azp", "name", "email",
                    "email_verified",
                ],
                prompt_values_supported: ["none", "login", "consent", "create"],
                ui_locales_supported: ["en", "ja", "de", "ar"],
                claims_parameter_supported: false,
                request_parameter_supported: false,
                request_uri_parameter_supported: false,
                authorization_response_iss_parameter_supported: true,
                backchannel_logout_supported: true,
                backchannel_logout_session_supported: true,
                frontchannel_logout_supported: false
            )
        )
        // Apps cache it: an hour keeps a changed configuration from waiting long.
        response.headers.replace("Cache-Control", "public, max-age=3600")
        response.headers.replace("Access-Control-Allow-Origin", "*")
        return response
    }
}

/// The discovery document's members, named as the specification names them.
private struct Discovery: Encodable {
    let issuer: String
    let authorization_endpoint: String
    let token_endpoint: String
    let userinfo_endpoint: String
    let jwks_uri: String
    let revocation_endpoint: String
    let introspection_endpoint: String
    let end_session_endpoint: String
    let scopes_supported: [String]
    let response_types_supported: [String]
    let response_modes_supported: [String]
    let grant_types_supported: [String]
    let subject_types_supported: [String]
    let id_token_signing_alg_values_supported: [String]
    let token_endpoint_auth_methods_supported: [String]
    let revocation_endpoint_auth_methods_supported: [String]
    let introspection_endpoint_auth_methods_supported: [String]
    let code_challenge_methods_supported: [String]
    let claims_supported: [String]
    let prompt_values_supported: [String]
    let ui_locales_supported: [String]
    let claims_parameter_supported: Bool
    let request_parameter_supported: Bool
    let request_uri_parameter_supported: Bool
    let authorization_response_iss_parameter_supported: Bool
    let backchannel_logout_supported: Bool
    let backchannel_logout_session_supported: Bool
    let frontchannel_logout_supported: Bool
}
