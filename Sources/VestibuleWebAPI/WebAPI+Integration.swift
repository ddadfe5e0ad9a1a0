import Foundation
import VestibuleAPI
import VestibuleCore
import VestibuleHTTP

/// Vestibule in front of other apps (`docs/api.md`, "Integration"): access tokens their APIs can verify
/// with the published JWKS, and a yes-or-no check for reverse proxies.
extension WebAPI {
    func installIntegrationAPIRoutes(on router: inout Router) {
        router.post(APIPath.token) { request in
            try jsonAPI(request) { call in
                guard let (session, _) = try call.signedIn() else { throw APIRefusal.signInRequired }
                let audience = try call.body(AccessTokenRequest.self).audience
                // A token is for Vestibule itself or for an API an app registered: one for any `aud` would let
                // whoever holds a session mint tokens another service accepts. An app's call may ask only for
                // its own audiences.
                if let audience {
                    let allowed = try call.registeredApp().map(\.audiences)
                        ?? site.configuration.apps.apps.flatMap(\.audiences)
                    guard allowed.contains(audience) else {
                        throw APIRefusal(
                            status: .badRequest, code: "audienceNotAllowed", message: call.text(.passkeyFailed)
                        )
                    }
                }
                return try .json(
                    AccessTokenReply(
                        accessToken: try site.accessTokens.issue(for: session, audience: audience),
                        expiresIn: Int(AccessTokenIssuer.lifetime)
                    )
                )
            }
        }
        // nginx's `auth_request` only reads the status and headers: 2xx lets the request through, 401 stops
        // it. No redirect and no body, so the proxy decides what a signed-out visitor sees. No rate limit
        // either: every request to the protected site comes through here, so it reads only the session (by cookie,
        // or by bearer token for native apps) and none of what a page needs of its visitor.
        router.get(APIPath.forwardAuth) { request in
            var response = Response.empty(.unauthorized)
            if let (session, account) = try site.signedIn(request) ?? APICall.signedInByBearer(request, site: site) {
                response = .empty()
                response.headers.replace("X-Vestibule-Account", account.id.rawValue)
                response.headers.replace("X-Vestibule-Method", session.method.rawValue)
                // Told, never enforced: an account without its required fields still gets through (SIWA-13).
                response.headers.replace("X-Vestibule-Complete", try site.fields.missing(of: account.id).isEmpty ? "true" : "false")
            }
            // The answer depends on the cookie; a cache in between must not hand one visitor's yes to another.
            response.headers.replace("Cache-Control", "no-store")
            return response
        }
    }
}
