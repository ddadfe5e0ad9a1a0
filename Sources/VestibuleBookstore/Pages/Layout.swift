import VestibuleHTML

/// The document around every page: language, the stylesheet, the header with the shop's navigation and the
/// signed-in status, then after the content the language switch. No script at all: every action is a link or
/// a form, so the pages work as they are and the Content-Security-Policy allows nothing inline.
enum Layout {
    static func render(_ page: Page, in context: PageContext) -> HTML {
        let appName = context.text(.appName)
        return """
        <!doctype html>
        <html lang="\(context.language.tag)" dir="ltr">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(page.title) · \(appName)</title>
        <link rel="stylesheet" href="\(BookstoreApp.stylesheetPath)">
        </head>
        <body>
        <a class="skip-link" href="#main">\(context.text(.skipToContent))</a>
        <header class="site-header">
        <div class="site-header-inner">
        <a class="brand" href="/">\(appName)</a>
        \(navigation(context))
        </div>
        </header>
        <main id="main">
        \(page.main)
        </main>
        \(footer(context))
        </body>
        </html>
        """
    }

    private static func navigation(_ context: PageContext) -> HTML {
        let cart = context.cartCount.map { context.text(.navCart, ["count": String($0)]) } ?? context.text(.navCartPlain)
        let account: HTML
        if let status = context.signedInStatus, let method = context.signedInWith {
            account = """
            <li class="signed-in" data-signed-in-with="\(method)">\(status)</li>
            <li><form class="inline-form" method="post" action="/sign-out">\(context.csrfField)\
            <button class="link-button" type="submit">\(context.text(.navSignOut))</button></form></li>
            """
        } else {
            account = "<li><a href=\"/sign-in\">\(context.text(.navSignIn))</a></li>"
        }
        return """
        <nav class="site-nav" aria-label="\(context.text(.navigationLabel))">
        <ul>
        \(link("/", context.text(.navBooks), in: context))
        \(link("/cart", cart, in: context))
        \(link("/orders", context.text(.navOrders), in: context))
        \(account)
        </ul>
        </nav>
        """
    }

    /// A navigation link, marked as the current page where it is.
    private static func link(_ path: String, _ label: String, in context: PageContext) -> HTML {
        context.path == path
            ? "<li><a href=\"\(path)\" aria-current=\"page\">\(label)</a></li>"
            : "<li><a href=\"\(path)\">\(label)</a></li>"
    }

    /// What the shop is, and the page in the other languages, each name written in its own language.
    private static func footer(_ context: PageContext) -> HTML {
        let links = BookstoreLanguage.allCases.filter { $0 != context.language }.map { language -> HTML in
            let name = context.localization.strings(for: language).text(.languageName)
            return """
            <li><a href="\(context.path)?lang=\(language.tag)" lang="\(language.tag)" hreflang="\(language.tag)">\
            \(name)</a></li>
            """
        }
        return """
        <footer class="site-footer">
        <p class="muted">\(context.text(.footerDemo))</p>
        <p class="muted">\(context.text(.languageChoose))</p>
        <ul class="language-list">\(links)</ul>
        </footer>
        """
    }
}
