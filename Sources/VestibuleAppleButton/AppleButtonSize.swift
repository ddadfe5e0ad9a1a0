/// A button's width, height and corner radius in points (CSS pixels on the web), checked against the
/// guidelines: at least 140 × 30 with a title (SIWA-20, SIWA-29), square with the logo alone (SIWA-31), and a
/// corner radius from square corners (0) to a pill or circle (half the height, SIWA-19).
public struct AppleButtonSize: Sendable, Hashable {
    public static let minimumWidth = 140.0
    public static let minimumHeight = 30.0
    /// The iOS default height, the one Apple's PNG artwork is made for.
    public static let recommendedHeight = 44.0
    /// Apple's web button rounds its corners by 15 % of its height unless told otherwise.
    public static let defaultCornerRadiusRatio = 0.15
    /// The clear space around the button, as a share of its height (SIWA-20, SIWA-29, SIWA-33).
    public static let surroundingMarginRatio = 0.1

    public let width: Double
    public let height: Double
    public let cornerRadius: Double

    /// A logo-and-title button; `cornerRadius` defaults to Apple's 15 % of the height.
    public init(width: Double, height: Double, cornerRadius: Double? = nil) throws(AppleButtonError) {
        try self.init(checking: width, height, cornerRadius, minimumWidth: Self.minimumWidth)
    }

    /// A logo-only button: a square of `side` points, at least the 30-point minimum height. A radius of half
    /// the side masks it into a circle (SIWA-32).
    public init(side: Double, cornerRadius: Double? = nil) throws(AppleButtonError) {
        try self.init(checking: side, side, cornerRadius, minimumWidth: Self.minimumHeight)
    }

    private init(checking width: Double, _ height: Double, _ radius: Double?, minimumWidth: Double)
        throws(AppleButtonError)
    {
        let cornerRadius = radius ?? height * Self.defaultCornerRadiusRatio
        guard width.isFinite, height.isFinite, cornerRadius.isFinite, cornerRadius >= 0 else {
            throw AppleButtonError(
                .notANumber,
                "Width, height and corner radius must be numbers, the radius 0 or more."
            )
        }
        guard width >= minimumWidth, height >= Self.minimumHeight else {
            throw AppleButtonError(
                .tooSmall,
                "A \(width.cssNumber) × \(height.cssNumber) pt button is below the minimum of "
                    + "\(minimumWidth.cssNumber) × \(Self.minimumHeight.cssNumber) pt."
            )
        }
        guard cornerRadius <= height / 2 else {
            throw AppleButtonError(
                .radiusTooLarge,
                "A corner radius of \(cornerRadius.cssNumber) pt is more than half the \(height.cssNumber) pt height; "
                    + "\((height / 2).cssNumber) pt already makes a pill."
            )
        }
        self.width = width
        self.height = height
        self.cornerRadius = cornerRadius
    }

    /// The least clear space to keep on every side of the button.
    public var surroundingMargin: Double { height * Self.surroundingMarginRatio }
}
