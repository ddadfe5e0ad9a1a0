/// One thing that broke: an element, at one text size, viewport and locale.
public struct Finding: Sendable, Codable, Hashable {
    /// What broke. The exact rules are in `AuditScript.swift`; in short:
    public enum Kind: String, Sendable, Codable, Hashable, CaseIterable {
        /// The computed font size grew less than half of the expected growth: size(s) / size(100 %) − 1 <
        /// 0.5 × (s / 100 − 1). Text and form controls (input, button, select, textarea).
        case didNotGrow
        /// A hidden/clip overflow box with text cuts that text by more than 1 px (scroll size > client size + 1
        /// and a text box past its edge), or truncates with an ellipsis, or clamps with `-webkit-line-clamp`.
        case clipped
        /// Visible text boxes of two unrelated elements, or a text box and a control, intersect by more than 1 px.
        case overlap
        /// The document is wider than the viewport by more than 1 px (WCAG 1.4.10); the element reaching past it.
        case horizontalScroll
        /// From 165 % (AX1): a nowrap flex row or multi-column grid keeps children side by side while one of
        /// them overflows its own box horizontally by more than 1 px.
        case noLayoutSwitch
        /// Japanese text (the nearest `lang` is `ja`) breaks a line inside a phrase of a label, button, heading or
        /// other text: not after a `<wbr>`, a space or punctuation, and not inside a Latin word or a run that is
        /// wider than its line under `word-break: keep-all`. See `BrokenPhraseCheck.swift`.
        case brokenPhrase
    }

    public var kind: Kind
    /// A CSS selector for the element (`#id`, or a `tag:nth-of-type(n)` path from the nearest unique id).
    public var selector: String
    /// The element's text (or a control's value, placeholder or label), at most 80 characters.
    public var excerpt: String
    /// The text size in percent of the default.
    public var step: Int
    /// `320×568`.
    public var viewport: String
    /// The Accept-Language the page was loaded with.
    public var locale: String
    public var url: String
    /// What was measured, in a few words.
    public var detail: String

    public init(
        kind: Kind, selector: String, excerpt: String, step: Int, viewport: String, locale: String, url: String,
        detail: String
    ) {
        self.kind = kind
        self.selector = selector
        self.excerpt = excerpt
        self.step = step
        self.viewport = viewport
        self.locale = locale
        self.url = url
        self.detail = detail
    }
}

/// The outcome of ``LargerTextAudit/run(_:)``.
public struct AuditReport: Sendable, Codable {
    public var findings: [Finding]
    /// Measurements made: pages × steps × viewports × locales (and Safari passes).
    public var checks: Int
    public var pages: Int
    public var steps: [Int]
    public var viewports: [String]
    public var locales: [String]
    /// Wall-clock seconds the run took.
    public var duration: Double
    /// What could not be checked, e.g. "Safari branch unchecked: page does not use -apple-system-body (URL)".
    public var unchecked: [String]
    /// Pages (or steps) the script could not measure, e.g. not HTML; a gate should treat these as failures.
    public var unmeasured: [String]
    /// With ``AuditConfiguration/reportDirectory`` set, every check with findings and its pictures; else empty.
    public var picturedChecks: [PicturedCheck] = []

    public init(
        findings: [Finding] = [], checks: Int = 0, pages: Int = 0, steps: [Int] = [], viewports: [String] = [],
        locales: [String] = [], duration: Double = 0, unchecked: [String] = [], unmeasured: [String] = []
    ) {
        self.findings = findings
        self.checks = checks
        self.pages = pages
        self.steps = steps
        self.viewports = viewports
        self.locales = locales
        self.duration = duration
        self.unchecked = unchecked
        self.unmeasured = unmeasured
    }

    /// Findings per kind, every kind present (0 when none).
    public var counts: [Finding.Kind: Int] {
        var counts = Dictionary(uniqueKeysWithValues: Finding.Kind.allCases.map { ($0, 0) })
        for finding in findings { counts[finding.kind, default: 0] += 1 }
        return counts
    }
}
