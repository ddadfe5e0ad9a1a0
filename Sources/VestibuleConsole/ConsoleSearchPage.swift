import VestibuleCore
import VestibuleHTML
import VestibuleLocalization
import VestibulePages

/// The console's first page: a search by email, name or id, and the accounts it found.
enum ConsoleSearchPage {
    static func render(query: String, results: [Account]?, paths: ConsolePath, in context: PageContext) -> Page {
        let field = FormField.search(context.text(.consoleSearchLabel), value: query, hint: context.text(.consoleSearchHint))
        return Page(
            title: context.text(.consoleTitle),
            main: """
            <h1>\(context.text(.consoleTitle))</h1>
            <form class="stacked-form" method="get" action="\(paths.root)" role="search">
            \(field.html)
            <button class="button" type="submit">\(context.text(.consoleSearchButton))</button>
            </form>
            <p><a href="\(paths.apps)">\(context.text(.consoleAppsLink))</a></p>
            \(results.map { list($0, query: query, paths: paths, in: context) } ?? "")
            """
        )
    }

    private static func list(_ accounts: [Account], query: String, paths: ConsolePath, in context: PageContext) -> HTML {
        guard !accounts.isEmpty else {
            return "<p role=\"status\">\(context.text(.consoleNoResults, isolating: "query", query))</p>"
        }
        return """
        <h2>\(context.text(.consoleResults))</h2>
        <ul class="item-list" data-results>\(accounts.map { item($0, paths: paths, in: context) })</ul>
        """
    }

    private static func item(_ account: Account, paths: ConsolePath, in context: PageContext) -> HTML {
        let badge: HTML = account.disabledAt == nil ? "" : " <span class=\"badge\">\(context.text(.consoleDisabledBadge))</span>"
        let email: HTML = account.email.map { "<p class=\"item-meta\"><bdi>\($0)</bdi></p>" } ?? ""
        return """
        <li class="item"><p class="item-title"><a href="\(paths.account(account.id.rawValue))">\
        <bdi>\(account.displayName ?? context.text(.consoleNoName))</bdi></a>\(badge)</p>\(email)\
        <p class="item-meta">\(context.text(.consoleCreated, ["date": AccountPage.format(account.createdAt, context)]))</p></li>
        """
    }
}
