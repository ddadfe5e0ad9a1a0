import VestibuleCommandLine

/// The parsed command line of `vestibule-audit larger-text`.
struct AuditArguments {
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    var urls: [String] = []
    var jsonPath: String?
    var allowPath: String?
    var cookies: [(name: String, value: String)] = []
    var quiet = false
    var configuration = AuditConfiguration()
    var help = false

    /// `larger-text`'s options; one given twice counts the last time, but `--cookie`, which adds a cookie each time.
    private static let parser = CommandLineParser(
        [
            .flag("--help", aliases: "-h"), .flag("--quiet", aliases: "-q"), .flag("--safari-dynamic-type"),
            .value("--json"), .value("--screenshots"), .value("--report"), .value("--allow"), .value("--locales"),
            .value("--steps"), .value("--viewports"), .value("--cookie"),
        ],
        positionals: .accepted
    )

    static func parse(_ arguments: [String]) throws(UsageError) -> AuditArguments {
        var parsed = AuditArguments()
        guard let command = arguments.first else { throw UsageError(description: "No command given.") }
        if ["--help", "-h", "help"].contains(command) {
            parsed.help = true
            return parsed
        }
        guard command == "larger-text" else {
            throw UsageError(description: "Unknown command “\(command)”; the only command is larger-text.")
        }
        let options: ParsedCommandLine
        do throws(CommandLineError) {
            options = try parser.parse(Array(arguments.dropFirst()))
        } catch {
            throw UsageError(description: error.description)
        }
        parsed.help = options.contains("--help")
        parsed.quiet = options.contains("--quiet")
        parsed.configuration.safariDynamicType = options.contains("--safari-dynamic-type")
        parsed.jsonPath = options.value(of: "--json")
        parsed.allowPath = options.value(of: "--allow")
        parsed.configuration.screenshotsDirectory = options.value(of: "--screenshots")
        parsed.configuration.reportDirectory = options.value(of: "--report")
        if let text = options.value(of: "--locales") {
            let locales = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            guard !locales.isEmpty else { throw UsageError(description: "--locales needs at least one.") }
            parsed.configuration.locales = locales
        }
        if let text = options.value(of: "--steps") {
            let steps = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !steps.isEmpty, steps.count == text.split(separator: ",").count,
                steps.allSatisfy({ $0 >= 50 && $0 <= 400 })
            else {
                throw UsageError(description: "--steps takes percentages between 50 and 400, like 100,165,312.")
            }
            parsed.configuration.steps = steps
        }
        if let text = options.value(of: "--viewports") {
            var viewports: [Viewport] = []
            for item in text.split(separator: ",") {
                guard let viewport = Viewport(parsing: item.trimmingCharacters(in: .whitespaces)) else {
                    throw UsageError(description: "--viewports takes WIDTHxHEIGHT pairs, like 320x568,1280x800.")
                }
                viewports.append(viewport)
            }
            guard !viewports.isEmpty else { throw UsageError(description: "--viewports needs at least one.") }
            parsed.configuration.viewports = viewports
        }
        for text in options.values(of: "--cookie") {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw UsageError(description: "--cookie takes NAME=VALUE.")
            }
            parsed.cookies.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
        }
        for url in options.positionals {
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw UsageError(description: "“\(url)” is not an http(s) URL.")
            }
            parsed.urls.append(url)
        }
        if !parsed.help && parsed.urls.isEmpty { throw UsageError(description: "larger-text needs at least one URL.") }
        return parsed
    }

    static let help = """
        vestibule-audit larger-text: does every page survive larger text?

        USAGE
          vestibule-audit larger-text URL… [--json FILE] [--report DIR] [--screenshots DIR] [--locales en,ja,de,ar]
                                          [--allow FILE] [--steps 100,165,312] [--viewports 320x568,1280x800]
                                          [--safari-dynamic-type] [--cookie NAME=VALUE]… [--quiet]

        Loads each URL in headless Chromium (chromedriver and chromium must be installed) and, for every viewport
        and locale, walks a ladder of text sizes set like a user's browser text-size setting (CDP
        Page.setFontSizes: rem, em and % grow, px-locked text does not; never page zoom). At each step one
        script measures every element and reports:

          didNotGrow        text or a form control whose font size grew less than half of the expected growth:
                            size(step) / size(100%) - 1 < 0.5 × (step/100 - 1)   (px-locked text, 13px inputs)
          clipped           a box with overflow hidden/clip whose text is cut by more than 1 px, an ellipsis
                            that truncates, a -webkit-line-clamp that clamps
          overlap           visible text of two unrelated elements (or text and a control) intersecting by more
                            than 1 px; hidden, transparent and off-screen text (skip links) is ignored
          horizontalScroll  document wider than the viewport (less its scrollbar) by more than 1 px
                            (WCAG 1.4.10); names the outermost elements (or text) reaching past the edge
          noLayoutSwitch    from 165% (AX1): a nowrap flex row or multi-column grid keeping children side by
                            side while one overflows its own box horizontally by more than 1 px
          brokenPhrase      Japanese text (lang ja) whose line breaks inside a phrase: not after a <wbr>, a
                            space or punctuation, unless the run is wider than its line under keep-all

        OPTIONS
          --steps LIST        text sizes in % of the default 16 px (default: the iOS ladder Large…AX5
                              100,112,135,165,194,235,277,312 = 16,18,22,26,31,38,44,50 px)
          --viewports LIST    WIDTHxHEIGHT CSS px (default: 320x568,390x844,768x1024,1280x800 and the WCAG
                              reflow viewport 320x256)
          --locales LIST      one browser per locale, sent as Accept-Language (default: en)
          --json FILE         write the full report: every finding (with "allowed"), counts, checks, duration
          --report DIR        write DIR/index.html, a page that opens from disk: for every check with findings,
                              the viewport with the offending elements outlined and numbered beside the same
                              view one text size smaller, then each finding (kind, selector, text, detail);
                              grouped by page, locale and viewport; pictures in DIR/images (the first 200
                              checks with findings are pictured, the rest only listed)
          --screenshots DIR   write a PNG of the viewport for every check that has findings
          --allow FILE        accept known findings. JSON: [{"kind": "clipped", "selector": "#choice",
                              "url": "/recovery"}] (url = substring, optional), or lines
                              `kind selector [url-substring]` (quote selectors with spaces; `# ` starts a
                              comment; `*` matches any kind or selector)
          --safari-dynamic-type
                              also emulate iOS Safari for pages whose CSS uses `font: -apple-system-body`
                              (which Chromium rejects): the root font size is set to iOS's Body size for each
                              step (17,19,23,28,33,40,47,53 px); other pages are reported as unchecked
          --cookie NAME=VALUE set a cookie on each page's origin before loading it (signed-in pages)
          --quiet             no progress lines

        OUTPUT
          Progress lines on stderr ("[3/40] /sign-in en 165% 320×568: 0 findings"), a summary on stdout
          grouped by kind and page.

        EXIT STATUS
          0  every finding is allowed (or there are none)
          1  at least one finding is not allowed, or a page could not be measured (not HTML, …)
          2  usage error, or chromedriver/Chromium failed
          130/143  interrupted by SIGINT/SIGTERM (the browser and chromedriver are shut down first)
        """
}
