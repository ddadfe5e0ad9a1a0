/// The fixture corpus: small pages, each with exactly one known defect, and clean pages that must give no finding.
///
/// Every page shares a rem-based base style (`base`): text wraps (`overflow-wrap: anywhere`), controls inherit
/// the font, no fixed heights. Each defect page adds one rule that breaks one thing.
enum FixturePages {
    static let base = """
        html { font-size: 100%; -webkit-text-size-adjust: 100%; }
        body { margin: 0.5rem; font-family: "DejaVu Sans", sans-serif; line-height: 1.5; overflow-wrap: anywhere; }
        h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
        p { margin: 0 0 0.5rem; }
        label { display: block; }
        input, button, select, textarea { font: inherit; max-width: 100%; box-sizing: border-box; }
        """

    struct Page {
        var title: String
        var css: String
        var body: String
        var lang = "en"
        var dir = "ltr"
    }

    static let pages: [String: Page] = [
        // Defects -----------------------------------------------------------------------------------------
        "/px-locked": Page(
            title: "Pixel-locked text", css: "#fine-print { font-size: 14px; }",
            body: """
                <h1>Sign in</h1>
                <p id="lead">Enter your email address to continue.</p>
                <p id="fine-print">By continuing you accept the terms.</p>
                """
        ),
        "/small-control": Page(
            title: "A 13 px input", css: "#email { font-size: 13px; }",
            body: """
                <h1>Sign in</h1>
                <label for="email">Email</label>
                <input id="email" type="email" placeholder="you@example.com">
                <button type="submit">Continue</button>
                """
        ),
        "/fixed-height": Page(
            title: "A fixed-height box", css: "#notice { height: 3rem; overflow: hidden; line-height: 1.2; } #notice p { margin: 0; }",
            body: """
                <h1>Check your mail</h1>
                <div id="notice"><p>Code sent.</p><p>It expires in ten minutes.</p></div>
                """
        ),
        "/ellipsis": Page(
            title: "A truncated label",
            css: "#choice { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }",
            body: """
                <h1>Recovery</h1>
                <p id="choice">Send a one-time sign-in link to my recovery email address instead</p>
                """
        ),
        "/label-over-input": Page(
            title: "A label drawn over its input",
            css: labelOverInput,
            body: """
                <h1>Sign in</h1>
                <div class="field"><label id="name-label" for="name">Display name</label><input id="name"></div>
                """
        ),
        // The label-over-input trap, but inside a closed <details>: never painted, so not a finding until
        // someone opens it (then /label-over-input applies).
        "/clean-closed-details": Page(
            title: "Other ways, closed",
            css: labelOverInput,
            body: """
                <h1>Sign in</h1>
                <details><summary>Other ways to sign in</summary>
                <div class="field"><label for="name">Display name</label><input id="name"></div>
                </details>
                """
        ),
        "/wide-table": Page(
            title: "A wide table", css: "#codes { width: 40rem; border-collapse: collapse; }",
            body: """
                <h1>Recovery codes</h1>
                <table id="codes"><tr><td>one</td><td>two</td><td>three</td><td>four</td></tr></table>
                """
        ),
        "/two-columns": Page(
            title: "Two columns that never stack",
            css: ".row { display: flex; } .row > div { width: 50%; overflow-wrap: normal; }",
            body: """
                <h1>Devices</h1>
                <div class="row" id="pair"><div id="left">Authenticator</div><div id="right">Verification</div></div>
                """
        ),
        "/line-clamp": Page(
            title: "A clamped summary",
            css: "#summary { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }",
            body: """
                <h1>Activity</h1>
                <p id="summary">Signed in from a new device in Lisbon on Tuesday with a passkey; if this was not you,
                remove the device and change your password right away, then review your recovery options.</p>
                """
        ),
        // Two px-locked paragraphs a long way apart: one viewport cannot show both.
        "/far-apart": Page(
            title: "Fine print at both ends",
            css: "#top-print, #bottom-print { font-size: 14px; } #spacer { height: 200rem; }",
            body: """
                <p id="top-print">Prices include tax.</p>
                <div id="spacer"></div>
                <p id="bottom-print">By continuing you accept the terms.</p>
                """
        ),
        // Japanese as browsers break it by default, between any two characters: "アカウントを作 / 成" once the
        // heading no longer fits a 320 px line.
        "/ja-broken-phrase": Page(
            title: "日本語", css: "",
            body: "<h1 id=\"title\">アカウントを作成</h1>",
            lang: "ja"
        ),
        // A phrase wider than its line, broken by overflow-wrap, which puts "。" at the start of a line.
        "/ja-kinsoku": Page(
            title: "日本語", css: japaneseKeepsPhrases,
            body: "<p id=\"notice\">本人確認します。<wbr>パスワードの<wbr>入力は<wbr>不要です。</p>",
            lang: "ja"
        ),
        // Clean pages -------------------------------------------------------------------------------------
        // Traps for false alarms: patterns that look like defects to a naive check but are fine.
        "/clean-traps": Page(
            title: "Patterns that are fine",
            css: """
                .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
                  clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
                .tight { line-height: 1; margin: 0; }
                .tooltip { position: absolute; top: 0; left: 0; opacity: 0; }
                .ghost { position: absolute; top: 0; left: 0; visibility: hidden; }
                .scroller { overflow-x: auto; }
                .scroller table { width: 40rem; }
                .card { overflow: hidden; border-radius: 0.5rem; border: 1px solid; padding: 0.5rem; }
                .buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; }
                .icon { width: 1em; height: 1em; vertical-align: -0.125em; }
                """,
            body: """
                <div style="position: relative">
                <h2 class="tight">Security</h2>
                <h3 class="tight">Passkeys and passwords</h3>
                <span class="tooltip">Hidden tooltip text over the heading</span>
                <span class="ghost">Invisible text over the heading</span>
                </div>
                <p>Your account <span class="sr-only">(signed in)</span> uses a passkey.
                <svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="7"/></svg>
                <a href="#more">Learn more</a> about <strong>passkeys</strong>.</p>
                <div class="scroller" tabindex="0"><table><tr><td>Device</td><td>Added</td><td>Last used</td>
                <td>Where</td></tr></table></div>
                <div class="card"><p>Recovery codes: 4 left.</p></div>
                <label><input type="checkbox"> Remember this device</label>
                <div class="buttons"><button type="button">Add a passkey</button><button type="button">Remove</button></div>
                """
        ),
        "/clean-rem": Page(
            title: "A rem page that wraps", css: "",
            body: """
                <h1>Sign in to Vestibule</h1>
                <p>Enter the email address of your account. We send a link that signs you in; it works once and
                expires after ten minutes. Read the <a href="#terms">terms of service</a> first.</p>
                <form><label for="mail">Email address</label><input id="mail" type="email" style="width: 100%">
                <p><button type="button">Send me a link</button></p></form>
                """
        ),
        "/clean-wrap": Page(
            title: "A flex row that wraps",
            css: ".row { display: flex; flex-wrap: wrap; gap: 1rem; } .row > div { flex: 1 1 12em; }",
            body: """
                <h1>Your devices</h1>
                <div class="row"><div>Passkey on this phone, added yesterday</div><div>Security key, added in May</div></div>
                """
        ),
        "/clean-container": Page(
            title: "A container-query layout",
            css: """
                .wrap { container-type: inline-size; }
                .row { display: flex; gap: 1rem; }
                .row > div { flex: 1; }
                @container (max-width: 30em) { .row { flex-direction: column; } }
                """,
            body: """
                <h1>Account</h1>
                <div class="wrap"><div class="row"><div>Signed in as ada@example.com</div><div>Last sign-in: today</div></div></div>
                """
        ),
        "/clean-skip-link": Page(
            title: "An off-screen skip link",
            css: ".skip { position: absolute; left: -9999px; top: auto; } .skip:focus { left: 0.5rem; }",
            body: """
                <a class="skip" href="#main">Skip to the main content</a>
                <main id="main"><h1>Welcome back</h1><p>Choose how to sign in.</p></main>
                """
        ),
        // Japanese as Vestibule's pages write it: a <wbr> between phrases (BudouX's), and keep-all, so lines
        // break between phrases only, except inside a phrase wider than the whole line.
        "/clean-ja": Page(
            title: "日本語", css: japaneseKeepsPhrases,
            body: """
                <h1>サインイン</h1>
                <p>アカウントの<wbr>メールアドレスを<wbr>入力してくださ<span class="kinsoku">い。</span><wbr>サインイン用の\
                <wbr>リンクを<wbr>お送りしま<span class="kinsoku">す。</span><wbr>リンクは<wbr>一度だけ<wbr>\
                使<span class="kinsoku">え、</span><wbr>十分後に<wbr>無効に<wbr>なりま<span class="kinsoku">す。</span></p>
                <label for="m">メールアドレス</label><input id="m" type="email" style="width: 100%">
                """,
            lang: "ja"
        ),
        "/clean-ja-phrases": Page(
            title: "日本語", css: japaneseKeepsPhrases,
            body: "<h1 id=\"title\">アカウントを<wbr>作成</h1>",
            lang: "ja"
        ),
        // The same text as /ja-kinsoku as the pages write it: the full stop kept with the character before it.
        "/clean-ja-kinsoku": Page(
            title: "日本語", css: japaneseKeepsPhrases,
            body: """
                <p id="notice">本人確認しま<span class="kinsoku">す。</span><wbr>パスワードの<wbr>入力は<wbr>\
                不要で<span class="kinsoku">す。</span></p>
                """,
            lang: "ja"
        ),
        "/clean-ar": Page(
            title: "العربية", css: "",
            body: """
                <h1>تسجيل الدخول</h1>
                <p>أدخل عنوان البريد الإلكتروني لحسابك. سنرسل إليك رابطًا لتسجيل الدخول، يعمل مرة واحدة وتنتهي صلاحيته بعد عشر دقائق.</p>
                <label for="m">البريد الإلكتروني</label><input id="m" type="email" style="width: 100%">
                """,
            lang: "ar", dir: "rtl"
        ),
        // Safari Dynamic Type: rem text under an -apple-system-body root.
        "/apple-body": Page(
            title: "Follows Dynamic Type",
            css: """
                @supports (font: -apple-system-body) and (-webkit-touch-callout: none) {
                  html { font: -apple-system-body; } body { font-family: "DejaVu Sans", sans-serif; }
                }
                #fine-print { font-size: 14px; }
                """,
            body: "<h1>Sign in</h1><p id=\"lead\">Enter your email.</p><p id=\"fine-print\">Terms apply.</p>"
        ),
    ]

    /// A label positioned over its input: text overlapping a control at every step.
    static let labelOverInput = """
        .field { position: relative; }
        .field label { position: absolute; top: 0.6rem; left: 0.6rem; }
        .field input { width: 100%; padding: 0.5rem; }
        """

    /// base.css's rule for Japanese.
    static let japaneseKeepsPhrases = ":lang(ja) { word-break: keep-all; overflow-wrap: anywhere; } .kinsoku { white-space: nowrap; }"

    static let cleanPaths = [
        "/clean-traps", "/clean-rem", "/clean-wrap", "/clean-container", "/clean-skip-link", "/clean-ja",
        "/clean-ja-phrases", "/clean-ja-kinsoku", "/clean-ar", "/clean-closed-details",
    ]

    static func html(_ path: String) -> String? {
        guard let page = pages[path] else { return nil }
        return """
            <!doctype html><html lang="\(page.lang)" dir="\(page.dir)"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(page.title)</title><style>\(base)\n\(page.css)</style></head><body>\(page.body)</body></html>
            """
    }
}
