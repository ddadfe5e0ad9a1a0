/// One check with findings as the visual report shows it: the viewport at that step with the offending elements
/// outlined and numbered, and the same view one step smaller with the same elements outlined.
public struct PicturedCheck: Sendable, Codable, Hashable {
    /// The target's label or path (two targets may share a URL, e.g. with different cookies).
    public var page: String
    public var url: String
    public var locale: String
    public var viewport: String
    public var step: Int
    /// The step before `step` in the run's ladder; nil at its first step.
    public var previousStep: Int?
    /// Measured in the Safari Dynamic Type pass.
    public var safari: Bool
    /// The elements outlined, in order: element *n* is labelled *n* in both pictures.
    public var selectors: [String]
    /// The check's findings; one picture serves them all.
    public var findings: [Finding]
    /// The picture at `step`, a file name relative to the report's directory; nil when there is none.
    public var image: String?
    /// The picture at `previousStep`, relative to the report's directory.
    public var previousImage: String?
    /// Selectors not outlined in the picture at `step`: no longer in the page, without a box, or outside the
    /// viewport (the picture shows the viewport, scrolled to the first element).
    public var notOutlined: [String]
    /// Why there is no picture, when there is none.
    public var missingReason: String?

    public init(
        page: String, url: String, locale: String, viewport: String, step: Int, previousStep: Int?, safari: Bool,
        findings: [Finding], image: String? = nil, previousImage: String? = nil, notOutlined: [String] = [],
        missingReason: String? = nil
    ) {
        self.page = page
        self.url = url
        self.locale = locale
        self.viewport = viewport
        self.step = step
        self.previousStep = previousStep
        self.safari = safari
        var seen: Set<String> = []
        self.selectors = findings.map(\.selector).filter { seen.insert($0).inserted }
        self.findings = findings
        self.image = image
        self.previousImage = previousImage
        self.notOutlined = notOutlined
        self.missingReason = missingReason
    }

    /// The number `finding`'s element carries in the pictures (1-based).
    public func number(of finding: Finding) -> Int {
        (selectors.firstIndex(of: finding.selector) ?? selectors.count) + 1
    }
}
