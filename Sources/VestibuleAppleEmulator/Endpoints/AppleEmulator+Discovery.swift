import VestibuleHTTP

extension AppleEmulator {
    /// Apple's OpenID configuration with the emulator's origin in place of `https://appleid.apple.com`.
    struct DiscoveryDocument: Encodable {
        let issuer: String
        let authorization_endpoint: String
        let token_endpoint: String
        let revocation_endpoint: String
        let jwks_uri: String
        let response_types_supported = ["code"]
        let response_modes_supported = ["query", "fragment", "form_post"]
        let subject_types_supported = ["pairwise"]
        let id_token_signing_alg_values_supported = ["RS256"]
        let scopes_supported = ["openid", "email", "name"]
        let token_endpoint_auth_methods_supported = ["client_secret_post"]
        let claims_supported = [
            "aud", "email", "email_verified", "exp", "iat", "is_private_email", "iss", "nonce", "nonce_supported",
            "real_user_status", "sub", "transfer_sub",
        ]
    }

    /// `GET /.well-known/openid-configuration`.
    func discoveryDocument() -> Response {
        let issuer = issuer
        return AppleJSON.response(
            DiscoveryDocument(
                issuer: issuer, authorization_endpoint: issuer + "/auth/authorize", token_endpoint: issuer + "/auth/token",
                revocation_endpoint: issuer + "/auth/revoke", jwks_uri: issuer + "/auth/keys"
            )
        )
    }
}
