/// The document around every page: language and direction, the stylesheets and the two scripts, the header
/// with navigation, then after the content the text-size control and the language switch. The header stays
/// small so that a page's first controls (Sign in with Apple, SIWA-15) fit the first screen at large sizes.
/// No inline script or style, so the Content-Security-Policy can forbid both.
enum Layout {
    static func render(_ page: Page, in context: PageContext) -> HTML {
        let appName = context.text(.appName)
        return """
        <!doctype html>
        <html lang="\(context.language.tag)" dir="\(context.language.direction)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(page.title) · \(appName)</title>
        <link rel="stylesheet" href="\(StaticAssets.stylesheetPath)">
        <link rel="stylesheet" href="\(StaticAssets.appleButtonStylesheetPath)">
        <script src="\(StaticAssets.textSizeScriptPath)" defer></script>
        <script src="\(StaticAssets.passkeysScriptPath)" defer></script>
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
        <div class="page-controls">\(textSizeControl(context))</div>
        \(languageSwitch(context))
        </body>
        </html>
        """
    }

    private static func navigation(_ context: PageContext) -> HTML {
        let accountLinks: HTML
        if context.account != nil {
            accountLinks = """
            <li><a href="/account">\(context.text(.navAccount))</a></li>
            <li><form class="inline-form" method="post" action="/sign-out">\(context.csrfField)\
            <button class="button button-secondary" type="submit">\(context.text(.signOut))</button></form></li>
            """
        } else {
            accountLinks = "<li><a href=\"/sign-in\">\(context.text(.navSignIn))</a></li>"
        }
        return """
        <nav class="site-nav" aria-label="\(context.text(.navigationLabel))">
        <ul>
        <li><a href="/">\(context.text(.navHome))</a></li>
        \(accountLinks)
        </ul>
        </nav>
        """
    }

    /// The in-page text-size control (LT-4, LT-6): two real buttons and a status that announces the size.
    /// It is rendered `hidden` and shown by `text-size.js`, so without JavaScript there are no dead buttons.
    /// The buttons show their full localized names, so what is seen is what a screen reader or voice control
    /// hears; the status template keeps `{percent}` for the script to fill.
    private static func textSizeControl(_ context: PageContext) -> HTML {
        """
        <div class="text-size" role="group" aria-label="\(context.text(.textSizeLabel))" \
        data-text-size data-status-template="\(context.text(.textSizeStatus))" hidden>
        <span class="text-size-status" role="status" aria-live="polite" data-text-size-status>\
        \(context.text(.textSizeStatus, ["percent": "100"]))</span>
        <span class="text-size-buttons">\
        <button class="button button-secondary" type="button" data-text-size-smaller>\(context.text(.textSizeSmaller))</button>
        <button class="button button-secondary" type="button" data-text-size-larger>\(context.text(.textSizeLarger))</button>\
        </span>
        </div>
        """
    }

    /// Links to the page in every other language. Each name is written in its own language and marked
    /// with `lang`, so screen readers pronounce it correctly.
    private static func languageSwitch(_ context: PageContext) -> HTML {
        let links = Language.allCases.filter { $0 != context.language }.map { language -> HTML in
            let name = context.localization.catalog(for: language).text(.languageName)
            return """
            <li><a href="\(context.path)?lang=\(language.tag)" lang="\(language.tag)" hreflang="\(language.tag)">\(name)</a></li>
            """
        }
        return """
        <footer class="language-switch">
        <p class="muted">\(context.text(.languageChoose))</p>
        <ul>\(links)</ul>
        </footer>
        """
    }
}
