import VestibuleCore
import VestibuleHTTP

/// Browser apps (a public client's single-page app) call the token and userinfo endpoints from their own origin:
/// those answers may be read there, by the origins of public clients' redirect URIs and by no other. A
/// confidential client's server needs no such permission, and Vestibule's own pages and API grant none.
extension OpenIDProvider {
    /// `response`, readable by the request's origin when that is a public client's.
    func readableCrossOrigin(_ request: Request, _ response: Response) -> Response {
        var response = response
        response.headers.add("Vary", "Origin")
        if let origin = allowedOrigin(of: request) { response.headers.replace("Access-Control-Allow-Origin", origin) }
        return response
    }

    /// The answer to a CORS preflight: the methods and headers a public client's page may send.
    func preflight(_ request: Request, methods: String) -> Response {
        var response = Response.empty()
        response.headers.add("Vary", "Origin")
        guard let origin = allowedOrigin(of: request) else { return response }
        response.headers.replace("Access-Control-Allow-Origin", origin)
        response.headers.replace("Access-Control-Allow-Methods", methods)
        response.headers.replace("Access-Control-Allow-Headers", "Authorization, Content-Type")
        response.headers.replace("Access-Control-Max-Age", "600")
        return response
    }

    private func allowedOrigin(of request: Request) -> String? {
        guard let origin = request.headers["Origin"] else { return nil }
        let allowed = site.configuration.apps.apps.contains { app in
            guard let client = app.openID, client.isPublic else { return false }
            return client.redirectURIs.contains { RegisteredApp.origin(of: $0) == origin }
        }
        return allowed ? origin : nil
    }
}
