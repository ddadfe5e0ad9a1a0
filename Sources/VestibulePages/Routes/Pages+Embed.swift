import VestibuleHTTP
import VestibuleLocalization

/// `GET /embed/status`, the signed-in status element for `<iframe>`s on the operator's other sites (SIWA-8,
/// `docs/api.md`). The session cookie is `SameSite=Lax`, so it comes along in frames on sites of the same site
/// (`shop.example.com` beside `id.example.com`); elsewhere the element says "not signed in".
extension Pages {
    func installEmbedRoutes(on router: inout Router) {
        router.get(EmbedStatusPage.path) { request in
            let visitor = try site.visitor(of: request)
            let context = PageContext(
                localization: site.localization, language: visitor.language, account: visitor.account,
                csrfToken: ""
            )
            var response = Response.html(EmbedStatusPage.render(session: visitor.session, in: context).rendered)
            // Framable by this site and the configured app origins only; this policy also keeps the server from
            // adding `X-Frame-Options: DENY` (``SecurityHeaders``). No cookie is set: in a frame it would be a
            // third party's.
            response.headers.replace("Content-Security-Policy", embedSecurityPolicy)
            response.headers.replace("Cache-Control", "no-store")
            response.headers.replace("Content-Language", visitor.language.tag)
            return response
        }
    }
}
