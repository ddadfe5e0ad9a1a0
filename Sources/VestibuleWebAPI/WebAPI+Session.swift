import Foundation
import VestibuleAPI
import VestibuleCore
import VestibuleHTTP

/// `GET /api/v1/session`: who is signed in and how, for apps and the site's own pages (`docs/api.md`). By the
/// session cookie or `Authorization: Bearer`. A read, so no anti-forgery token; Vestibule grants no CORS, so
/// another site's page cannot read the answer. `DELETE /api/v1/session` ends the session: an app's sign-out.
extension WebAPI {
    func installSessionAPIRoutes(on router: inout Router) {
        router.get(APIPath.session) { request in
            let call = APICall(site: site, request: request, visitor: try site.visitor(of: request))
            var response: Response
            if let (session, account) = try call.signedIn() {
                let identities = try site.services.store.identities(of: account.id)
                let apple = try site.services.store.appleIdentities(of: account.id)
                let missing = try site.fields.missing(of: account.id).map(\.name)
                response = try .json(
                    SessionReply(
                        accountID: account.id.rawValue,
                        displayName: account.displayName,
                        email: account.email,
                        signedInWith: session.method.rawValue,
                        expiresAt: session.expiresAt.formatted(.iso8601),
                        methods: identities.methods.map(\.rawValue),
                        apple: apple.map {
                            SessionReply.AppleIdentity(
                                isPrivateEmail: $0.isPrivateEmail,
                                emailForwarding: $0.forwardingDisabledAt == nil ? "on" : "off",
                                forwardingDisabledAt: $0.forwardingDisabledAt?.formatted(.iso8601)
                            )
                        },
                        complete: missing.isEmpty,
                        missingFields: missing
                    )
                )
            } else {
                response = try call.reply(APIRefusal.signInRequired)
            }
            response.headers.replace("Cache-Control", "no-store")
            return response
        }
        // By the bearer token (an app's server), or by the cookie with the page's anti-forgery token.
        router.delete(APIPath.session) { request in
            try jsonAPI(request) { call in
                guard let (session, _) = try call.signedIn() else { throw APIRefusal.signInRequired }
                var response = Response.empty()
                if let token = call.visitor.token {
                    try site.services.sessions.signOut(token)
                    try site.sessionCookie.clear(on: &response)
                } else if let bearerToken = call.bearerToken {
                    try site.services.sessions.signOut(SessionToken(value: bearerToken))
                }
                site.audit(.signedOut, account: session.accountID, appID: session.appID, request: request)
                site.services.sessionsEnded()
                return response
            }
        }
    }
}
