import VestibuleClient
import VestibuleHTTP

extension BookstoreApp {
    /// Answers `request` through `router`, every failure as a page in the reader's language: the router's 404
    /// and 405, a handler's refusal (a form's 400 or 403), Vestibule unreachable (503) or answering what it
    /// should not (502, or 429 when it is rate-limiting), and anything unexpected (500, logged with the
    /// request's id, which the page shows). Never a crash, never a stack trace.
    ///
    /// A guest or session that Vestibule no longer knows (expired, signed out elsewhere) is forgotten: its
    /// cookies are cleared and the browser is sent back to the page, which then works without them.
    func respond(to request: Request, with router: Router) -> Response {
        do {
            return try router.handle(request)
        } catch let error as VestibuleClientError where error.code == .signInRequired {
            return forgettingCredentials(of: request)
        } catch let error as VestibuleClientError {
            logger.warning("Vestibule call failed", ["request_id": request.id.description, "error": error.description])
            let status: HTTPStatus =
                switch error.status {
                case nil: .serviceUnavailable
                case 429: .tooManyRequests
                default: .badGateway
                }
            return errorPage(for: request, status: status)
        } catch let error as HTTPError {
            var page = errorPage(for: request, status: error.status)
            for name in ["Allow", "Retry-After"] {
                if let value = error.headers[name] { page.headers.replace(name, value) }
            }
            return page
        } catch {
            logger.error("handler failed", [
                "request_id": request.id.description, "error": String(describing: type(of: error)), "detail": "\(error)",
            ])
            return errorPage(for: request, status: .internalServerError)
        }
    }

    /// The page for a failed request. It asks Vestibule nothing, since Vestibule may be what failed.
    func errorPage(for request: Request, status: HTTPStatus) -> Response {
        let remembered = cookies.language.value(in: request)
        let language = BookstoreLanguage.negotiate(
            explicit: request.query["lang"] ?? remembered, acceptLanguage: request.headers["Accept-Language"]
        )
        let context = PageContext(
            localization: localization, language: language, catalog: shop.catalog,
            csrfToken: "", path: request.path, signedInWith: nil, cartCount: nil
        )
        let page = ErrorPage.render(status: status.code, reference: request.id.description, in: context)
        var response = Response.html(Layout.render(page, in: context).rendered, status: status)
        response.headers.replace("Cache-Control", "no-store")
        response.headers.replace("Content-Language", language.tag)
        return response
    }

    /// Clears the guest and session cookies and sends the browser back to the page (or, after a form, to the
    /// cart, since what the form did was not done).
    private func forgettingCredentials(of request: Request) -> Response {
        let isRead = request.method == .get || request.method == .head
        // Never `//host…`, which a browser would read as another site.
        let target = isRead && !request.rawTarget.hasPrefix("//") ? request.rawTarget : "/cart"
        var response = Response.redirect(to: target)
        do {
            try cookies.guest.clear(on: &response)
            try cookies.session.clear(on: &response)
        } catch {
            return errorPage(for: request, status: .internalServerError)
        }
        return response
    }
}
