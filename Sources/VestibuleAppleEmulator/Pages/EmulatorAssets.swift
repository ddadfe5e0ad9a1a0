import VestibuleHTTP

/// The emulator's static files, served from its own origin so its pages run under `script-src 'self'` with no
/// inline script or style.
enum EmulatorAssets {
    static let stylesheetPath = "/emulator/style.css"
    static let formPostScriptPath = "/emulator/form-post.js"

    static var stylesheet: Response { file(stylesheetText, type: "text/css; charset=utf-8") }
    static var formPostScript: Response { file(formPostScriptText, type: "text/javascript; charset=utf-8") }

    private static func file(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: ["Content-Type": type, "Cache-Control": "no-cache"], body: Array(text.utf8))
    }

    /// Submits the form_post page's form as soon as the script runs (it is the page's last element), as Apple's
    /// page does; the form's own button remains for a browser without script.
    private static let formPostScriptText = """
        document.querySelector("form[data-auto-submit]").submit();

        """

    private static let stylesheetText = """
        :root { color-scheme: light dark; font-family: -apple-system, system-ui, sans-serif; }
        body { margin: 0; line-height: 1.4; }
        .banner { margin: 0; padding: 0.5em 1em; background: #ffd60a; color: #000; font-size: 0.875em; }
        main { max-width: 28em; margin: 2em auto; padding: 0 1em; }
        h1 { font-size: 1.5em; font-weight: 600; }
        label { display: block; margin-top: 1em; }
        input[type=email], input[type=text] { display: block; width: 100%; box-sizing: border-box;
            margin-top: 0.25em; padding: 0.5em; font: inherit; border: 1px solid #8e8e93; border-radius: 0.5em; }
        fieldset { margin-top: 1em; border: 1px solid #8e8e93; border-radius: 0.5em; }
        fieldset label { margin-top: 0.25em; }
        .actions { display: flex; gap: 0.75em; margin-top: 1.5em; }
        button { flex: 1; padding: 0.65em; font: inherit; border-radius: 0.5em; border: 1px solid #8e8e93; }
        button.primary { background: #0071e3; border-color: #0071e3; color: #fff; }
        .problem { color: #d70015; }
        .hint { color: #6e6e73; font-size: 0.875em; }

        """
}
