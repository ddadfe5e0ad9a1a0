import VestibuleHTTP
import VestibuleHTML

/// What Apple answers after Continue or Cancel with `response_mode=form_post`: a page whose form POSTs the
/// result to the relying party's `redirect_uri` (top level, cross-site, `application/x-www-form-urlencoded`).
/// A script from the emulator's origin submits it at once; the button is there for a browser without script.
struct FormPostPage {
    let redirectURI: String
    let fields: [(String, String)]

    var response: Response {
        let origin = Self.origin(of: redirectURI)
        let main: HTML = """
            <form method="post" action="\(redirectURI)" data-auto-submit>
            \(EmulatorPage.hiddenInputs(fields))
            <p>Returning to \(origin)…</p>
            <div class="actions"><button type="submit" class="primary">Continue</button></div>
            </form>
            <script src="\(EmulatorAssets.formPostScriptPath)"></script>
            """
        var response = EmulatorPage.response(title: "Sign in with Apple ID", main: main)
        // The server's default policy has `form-action 'self'`, which would stop the post to another origin.
        response.headers.replace(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; form-action \(origin); base-uri 'none'; "
                + "frame-ancestors 'none'"
        )
        response.headers.replace("Cache-Control", "no-store")
        return response
    }

    /// `scheme://host[:port]` of an absolute URL (registered redirect URIs are absolute).
    static func origin(of url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(url[..<schemeEnd.upperBound]) + authority
    }
}
