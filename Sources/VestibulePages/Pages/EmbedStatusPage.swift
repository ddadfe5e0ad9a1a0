import VestibuleCore
import VestibuleHTML
import VestibuleLocalization

/// The signed-in status element (SIWA-8): a whole, tiny document for an `<iframe>` on the operator's other sites.
/// Signed in, it says how the current session was signed in ("Signed in with Apple"), who, and links to the
/// account page; signed out, it links to the sign-in page. Links open in the top window, never inside the
/// frame. No script; the site's stylesheet, so it follows the reader's text size and colour scheme.
enum EmbedStatusPage {
    static let path = "/embed/status"

    static func render(session: Session?, in context: PageContext) -> HTML {
        let title: String
        let body: HTML
        if let session, let account = context.account {
            title = context.text(statusKey(for: session.method))
            let who: HTML = (account.displayName ?? account.email).map { name -> HTML in
                " <bdi class=\"embed-who\">\(name)</bdi>"
            } ?? ""
            body = """
            <p class="embed-line"><strong data-signed-in="\(session.method.rawValue)">\(title)</strong>\(who)</p>
            <p class="embed-line"><a href="/account" target="_top">\(context.text(.navAccount))</a></p>
            """
        } else {
            title = context.text(.embedSignedOut)
            body = """
            <p class="embed-line" data-signed-in="none">\(title)</p>
            <p class="embed-line"><a href="/sign-in" target="_top">\(context.text(.navSignIn))</a></p>
            """
        }
        // Its own document, not PageSkeleton's: it takes the phrase breaks every page gets there.
        let document: HTML = """
        <!doctype html>
        <html lang="\(context.language.tag)" dir="\(context.language.direction)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(context.text(.embedTitle)): \(title) · \(context.text(.appName))</title>
        <link rel="stylesheet" href="\(BaseStylesheet.path)">
        <link rel="stylesheet" href="\(StaticAssets.stylesheetPath)">
        </head>
        <body class="embed">
        <main class="embed-status">
        \(body)
        </main>
        </body>
        </html>
        """
        return PhraseBreaks.insert(into: document, language: context.language.tag)
    }

    /// How the session was signed in, in the words of the status element.
    static func statusKey(for method: SignInMethod) -> TextKey {
        switch method {
        case .apple: .embedSignedInApple
        case .passkey: .embedSignedInPasskey
        case .password: .embedSignedInPassword
        }
    }
}
