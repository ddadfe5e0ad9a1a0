/// What the Larger Text audit checks: which text sizes, viewports and locales.
public struct AuditConfiguration: Sendable {
    /// iOS Dynamic Type's Body style from Large (the default, 100 %) to AX5 (312 %), in percent of the default
    /// text size: 16, 18, 22, 26, 31, 38, 44, 50 px in a browser whose default is 16 px.
    public static let ladder = [100, 112, 135, 165, 194, 235, 277, 312]
    /// The first accessibility size (AX1), from which horizontal groups must stack when they no longer fit.
    public static let layoutSwitchStep = 165

    /// Text sizes in percent of the browser's default (16 px standard, 13 px fixed); applied like a user's
    /// browser setting (CDP `Page.setFontSizes`), never page zoom.
    public var steps: [Int]
    public var viewports: [Viewport]
    /// Accept-Language values, one browser session each (`en`, `ja`, `de`, `ar`).
    public var locales: [String]
    /// Also audit pages that use `font: -apple-system-body` the way iOS Safari would size them (see
    /// ``LargerTextAudit``); pages without it get an "unchecked" note.
    public var safariDynamicType: Bool
    /// Where to write a PNG of the viewport for each check with findings; nil writes none.
    public var screenshotsDirectory: String?
    /// Where to keep the pictures of the visual report (``AuditReportPage``): each check with findings outlined,
    /// and one step smaller; nil takes none.
    public var reportDirectory: String?

    public init(
        steps: [Int] = AuditConfiguration.ladder,
        viewports: [Viewport] = Viewport.standard + [Viewport.reflow],
        locales: [String] = ["en"],
        safariDynamicType: Bool = false,
        screenshotsDirectory: String? = nil,
        reportDirectory: String? = nil
    ) {
        self.steps = steps
        self.viewports = viewports
        self.locales = locales
        self.safariDynamicType = safariDynamicType
        self.screenshotsDirectory = screenshotsDirectory
        self.reportDirectory = reportDirectory
    }

    /// The default font sizes (standard, fixed) in CSS px for `step` percent: round(16 × step), round(13 × step).
    public static func fontSizes(forStep step: Int) -> (standard: Int, fixed: Int) {
        (Int((16.0 * Double(step) / 100).rounded()), Int((13.0 * Double(step) / 100).rounded()))
    }

    /// iOS Safari's `-apple-system-body` size in CSS px for `step` percent (17 px at Large): 17, 19, 23, 28, 33,
    /// 40, 47, 53 on the ladder.
    public static func appleSystemBodySize(forStep step: Int) -> Int {
        Int((17.0 * Double(step) / 100).rounded())
    }
}

/// A page to audit.
public struct AuditTarget: Sendable {
    public var url: String
    /// Cookies set on the page's origin before it loads (a signed-in page's session cookie).
    public var cookies: [(name: String, value: String)]
    /// A short name for progress lines and screenshot files; defaults to the URL's path.
    public var label: String?

    public init(url: String, cookies: [(name: String, value: String)] = [], label: String? = nil) {
        self.url = url
        self.cookies = cookies
        self.label = label
    }

    /// The label, or the URL's path (with query), or the URL.
    var displayName: String {
        if let label { return label }
        guard let schemeEnd = url.range(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return String(rest[slash...])
    }
}
