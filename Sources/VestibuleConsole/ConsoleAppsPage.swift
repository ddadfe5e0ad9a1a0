import VestibuleCore
import VestibuleHTML
import VestibuleLocalization
import VestibulePages

/// The apps registered in the apps file, OpenID clients among them, as the operator set them up: read here, changed
/// with `vestibule clients` on the server, where a secret is shown once and never on a web page.
enum ConsoleAppsPage {
    static func render(_ apps: [RegisteredApp], paths: ConsolePath, in context: PageContext) -> Page {
        let list: HTML = apps.isEmpty
            ? "<p>\(context.text(.consoleAppsNone))</p>"
            : "<ul class=\"item-list\" data-apps>\(apps.map { item($0, in: context) })</ul>"
        return Page(
            title: context.text(.consoleAppsTitle),
            main: """
            <p><a href="\(paths.root)">\(context.text(.consoleBack))</a></p>
            <h1>\(context.text(.consoleAppsTitle))</h1>
            <p class="lead">\(context.text(.consoleAppsLead))</p>
            \(list)
            """
        )
    }

    private static func item(_ app: RegisteredApp, in context: PageContext) -> HTML {
        let kind: TextKey = switch app.openID {
        case nil: .consoleAppOwnAPI
        case let client? where client.isPublic: .consoleAppPublic
        case _?: .consoleAppConfidential
        }
        var rows: [HTML] = [
            row(context.text(.consoleAppID), ["<bdi class=\"identifier\">\(app.id)</bdi>"]),
            row(
                context.text(.consoleAppKind),
                [HTML(text: context.text(kind))] + (app.openID?.isFirstParty == true ? [HTML(text: context.text(.consoleAppFirstParty))] : [])
            ),
        ]
        if let client = app.openID {
            rows.append(row(context.text(.consoleAppRedirects), client.redirectURIs.map(address)))
            if let logout = client.backchannelLogoutURI { rows.append(row(context.text(.consoleAppLogout), [address(logout)])) }
        }
        if !app.returnURLs.isEmpty { rows.append(row(context.text(.consoleAppReturns), app.returnURLs.map(address))) }
        return """
        <li class="item"><p class="item-title"><bdi>\(app.name)</bdi></p><dl class="data-list">\(rows)</dl></li>
        """
    }

    private static func row(_ label: String, _ values: [HTML]) -> HTML {
        "<div><dt>\(label)</dt>\(values.map { "<dd>\($0)</dd>" as HTML })</div>"
    }

    /// An address, left to right in every language, breakable anywhere: it has no words to keep whole.
    private static func address(_ url: String) -> HTML {
        "<bdi class=\"identifier\" dir=\"ltr\">\(url)</bdi>"
    }
}
