import VestibuleHTML
import VestibuleLocalization
/// The document around every page (``PageSkeleton``): language and direction, the stylesheets and the two
/// scripts, the header with navigation, then after the content the text-size control and the language switch.
/// The header stays small so that a page's first controls (Sign in with Apple, SIWA-15) fit the first screen at
/// large sizes.
enum Layout {
    static func render(_ page: Page, in context: PageContext) -> HTML {
        let appName = context.text(.appName)
        return PageSkeleton.render(
            language: context.language.tag,
            direction: context.language.direction,
            title: "\(page.title) · \(appName)",
            stylesheets: [StaticAssets.stylesheetPath, StaticAssets.appleButtonStylesheetPath],
            scripts: [StaticAssets.textSizeScriptPath, StaticAssets.passkeysScriptPath],
            skipLinkLabel: context.text(.skipToContent),
            brand: appName,
            navigationLabel: context.text(.navigationLabel),
            navigation: navigation(context),
            main: page.main,
            afterMain: """
            <div class="page-controls">\(textSizeControl(context))</div>
            \(languageSwitch(context))
            """
        )
    }

    /// The navigation's items: home, then the account and sign-out, or sign-in.
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
        <li><a href="/">\(context.text(.navHome))</a></li>
        \(accountLinks)
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

    /// Links to the page in every other language, each name written in its own language.
    private static func languageSwitch(_ context: PageContext) -> HTML {
        let languages = Language.allCases.filter { $0 != context.language }.map { language in
            (tag: language.tag, name: context.localization.catalog(for: language).text(.languageName))
        }
        return """
        <footer class="site-footer">
        <p class="muted">\(context.text(.languageChoose))</p>
        \(PageSkeleton.languageList(languages))
        </footer>
        """
    }
}
