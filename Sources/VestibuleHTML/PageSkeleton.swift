/// The document around every page of a site: language and direction, the base stylesheet then the site's own
/// stylesheets and scripts, a skip link, a header with the brand and the navigation, the main content, then what
/// the site puts after it. The classes are the ones ``BaseStylesheet`` styles. No inline script or style, so
/// the Content-Security-Policy can forbid both. A Japanese document's text gets its phrase breaks here
/// (``PhraseBreaks``), once, whatever built each part of it.
public enum PageSkeleton {
    /// The whole document.
    /// - Parameters:
    ///   - language: the `lang` attribute's value; `direction`, `ltr` or `rtl`.
    ///   - stylesheets: the site's own, linked after ``BaseStylesheet/path`` so they can override it.
    ///   - navigation: the navigation's list items, labelled by `navigationLabel`.
    ///   - afterMain: what follows the content, such as the footer.
    public static func render(
        language: String,
        direction: String,
        title: String,
        stylesheets: [String],
        scripts: [String] = [],
        skipLinkLabel: String,
        brand: String,
        navigationLabel: String,
        navigation: HTML,
        main: HTML,
        afterMain: HTML
    ) -> HTML {
        let links = ([BaseStylesheet.path] + stylesheets).map { path -> HTML in
            "<link rel=\"stylesheet\" href=\"\(path)\">\n"
        }
        let scriptTags = scripts.map { path -> HTML in "<script src=\"\(path)\" defer></script>\n" }
        let document: HTML = """
        <!doctype html>
        <html lang="\(language)" dir="\(direction)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        \(links)\(scriptTags)</head>
        <body>
        <a class="skip-link" href="#main">\(skipLinkLabel)</a>
        <header class="site-header">
        <div class="site-header-inner">
        <a class="brand" href="/">\(brand)</a>
        <nav class="site-nav" aria-label="\(navigationLabel)">
        <ul>
        \(navigation)
        </ul>
        </nav>
        </div>
        </header>
        <main id="main">
        \(main)
        </main>
        \(afterMain)
        </body>
        </html>
        """
        return PhraseBreaks.insert(into: document, language: language)
    }

    /// Links to this page in each of `languages`, for a footer. Each name is written in its own language and
    /// marked with `lang`, so screen readers pronounce it correctly.
    ///
    /// Each link is only a query (`?lang=ja`), which the browser resolves against the page's own address:
    /// nothing of the request is written into it. A link built from the request's path made `GET
    /// //evil.example/x` link to another host (issue #13, finding 12).
    public static func languageList(_ languages: [(tag: String, name: String)]) -> HTML {
        let items = languages.map { language -> HTML in
            """
            <li><a href="?lang=\(language.tag)" lang="\(language.tag)" hreflang="\(language.tag)">\
            \(language.name)</a></li>
            """
        }
        return "<ul class=\"language-list\">\(items)</ul>"
    }
}
