import VestibuleHTML

/// The document around every page (``PageSkeleton``): language, the stylesheets, the header with the shop's
/// navigation and the signed-in status, then after the content the footer with the language choice. No script
/// at all: every action is a link or a form, so the pages work as they are.
enum Layout {
    static func render(_ page: Page, in context: PageContext) -> HTML {
        let appName = context.text(.appName)
        return PageSkeleton.render(
            language: context.language.tag,
            direction: "ltr",
            title: "\(page.title) · \(appName)",
            stylesheets: [BookstoreApp.stylesheetPath],
            skipLinkLabel: context.text(.skipToContent),
            brand: appName,
            navigationLabel: context.text(.navigationLabel),
            navigation: navigation(context),
            main: page.main,
            afterMain: footer(context)
        )
    }

    /// The navigation's items: the books, the cart, the orders, then the signed-in status and sign-out, or
    /// sign-in.
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
        \(link("/", context.text(.navBooks), in: context))
        \(link("/cart", cart, in: context))
        \(link("/orders", context.text(.navOrders), in: context))
        \(account)
        """
    }

    /// A navigation link, marked as the current page where it is.
    private static func link(_ path: String, _ label: String, in context: PageContext) -> HTML {
        context.path == path
            ? "<li><a href=\"\(path)\" aria-current=\"page\">\(label)</a></li>"
            : "<li><a href=\"\(path)\">\(label)</a></li>"
    }

    /// What the shop is, and the page in the other languages.
    private static func footer(_ context: PageContext) -> HTML {
        let languages = BookstoreLanguage.allCases.filter { $0 != context.language }.map { language in
            (tag: language.tag, name: context.localization.strings(for: language).text(.languageName))
        }
        return """
        <footer class="site-footer">
        <p class="muted">\(context.text(.footerDemo))</p>
        <p class="muted">\(context.text(.languageChoose))</p>
        \(PageSkeleton.languageList(languages))
        </footer>
        """
    }
}
