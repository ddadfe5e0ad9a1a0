public import VestibuleHTTP
import VestibuleSite

extension Pages {
    /// Dresses error responses from any layer (the router's 404 and 405, a handler's `HTTPError`, a 500) as
    /// a localized page when a browser asked for HTML. API clients keep the plain-text message.
    public var errorPages: Middleware {
        Middleware { request, next in
            let response = try next(request)
            guard response.status.code >= 400,
                  request.headers["Accept"]?.contains("text/html") == true,
                  response.headers["Content-Type"]?.hasPrefix("text/plain") == true
            else { return response }
            // The error page must render even when the session store is what failed.
            let visitor = (try? site.visitor(of: request)) ?? .unknown
            var page = try render(for: request, visitor: visitor, status: response.status) {
                ErrorPage.render(status: response.status.code, reference: request.id.description, in: $0)
            }
            for name in ["Allow", "Retry-After"] {
                if let value = response.headers[name] { page.headers.replace(name, value) }
            }
            return page
        }
    }
}
