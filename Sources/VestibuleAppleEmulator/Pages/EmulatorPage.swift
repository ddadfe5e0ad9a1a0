import VestibuleHTTP
import VestibuleHTML

/// The frame of every emulator page: its own stylesheet, and a banner that says plainly this is not Apple.
///
/// Pages are built from VestibuleHTML's ``HTML``, which escapes every interpolated `String`: the request's
/// parameters and what the user typed are data, never markup.
enum EmulatorPage {
    static func response(title: String, main: HTML, status: HTTPStatus = .ok) -> Response {
        let page: HTML = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <link rel="stylesheet" href="\(EmulatorAssets.stylesheetPath)">
            </head>
            <body>
            <p class="banner">Apple ID emulator for development. This is not Apple.</p>
            <main>
            \(main)
            </main>
            </body>
            </html>
            """
        return Response.html(page.rendered, status: status)
    }

    /// Hidden inputs that carry `fields` through a form.
    static func hiddenInputs(_ fields: [(String, String)]) -> HTML {
        HTML.join(fields.map { name, value in "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">" })
    }
}
