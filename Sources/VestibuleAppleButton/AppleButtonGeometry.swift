/// Where everything goes in a custom button, computed from its size the way the guidelines say
/// (SIWA-24, SIWA-26, SIWA-28, SIWA-31):
///
/// - the title's font size is 43 % of the button's height, and the title is centered vertically;
/// - Apple's logo artwork spans the button's full height (its built-in padding does the vertical alignment);
///   its width follows the artwork's own proportions, never stretched;
/// - logo and title sit together in the middle, as on Apple's own button, but never closer than 8 % of the
///   width to the trailing edge (the right in left-to-right languages, the left in Arabic);
/// - a logo-only button is square and the artwork fills it, with no padding added.
///
/// Lengths are in the size's unit (points, CSS pixels), from the button's top-left corner.
public struct AppleButtonGeometry: Sendable, Equatable {
    public static let titleFontRatio = 0.43
    public static let trailingMarginRatio = 0.08

    /// The title's place; a logo-only button has none.
    public struct Title: Sendable, Equatable {
        public let text: String
        public let fontSize: Double
        /// Estimated (see ``AppleButtonTitleMetrics``); the SVG sets the title to exactly this width.
        public let width: Double
        public let centerX: Double
        public let centerY: Double
        /// From the title's end to the trailing edge: at least 8 % of the width.
        public let trailingMargin: Double
    }

    public let size: AppleButtonSize
    /// The logo artwork's left edge and width; its top is 0 and its height the button's.
    public let logoX: Double
    public let logoWidth: Double
    public let title: Title?

    public var logoHeight: Double { size.height }

    /// A logo-and-title button. `logoAspectRatio` is the artwork's width over its height.
    public init(size: AppleButtonSize, title text: String, logoAspectRatio: Double, rightToLeft: Bool)
        throws(AppleButtonError)
    {
        let fontSize = size.height * Self.titleFontRatio
        let logoWidth = size.height * logoAspectRatio
        let titleWidth = AppleButtonTitleMetrics.width(of: text, fontSize: fontSize)
        let group = logoWidth + titleWidth
        let room = size.width * (1 - Self.trailingMarginRatio)
        guard group <= room else {
            let needed = (group / (1 - Self.trailingMarginRatio)).rounded(.up)
            throw AppleButtonError(
                .titleDoesNotFit,
                "At \(size.height.cssNumber) pt high, “\(text)” needs a button about \(needed.cssNumber) pt wide: "
                    + "the logo (\(logoWidth.cssNumber) pt), the title at \(fontSize.cssNumber) pt "
                    + "(43 % of the height, about \(titleWidth.cssNumber) pt) and 8 % of the width after it. "
                    + "Make it at least \(needed.cssNumber) pt wide, or lower the height."
            )
        }
        // Centered like Apple's button, unless that would eat into the trailing margin.
        let start = min((size.width - group) / 2, room - group)
        let titleCenter = start + logoWidth + titleWidth / 2
        self.size = size
        self.logoWidth = logoWidth
        self.logoX = rightToLeft ? size.width - start - logoWidth : start
        self.title = Title(
            text: text,
            fontSize: fontSize,
            width: titleWidth,
            centerX: rightToLeft ? size.width - titleCenter : titleCenter,
            centerY: size.height / 2,
            trailingMargin: size.width - start - group
        )
    }

    /// A logo-only button: the artwork fills the square.
    public init(logoOnly size: AppleButtonSize) throws(AppleButtonError) {
        guard size.width == size.height else {
            throw AppleButtonError(
                .notSquare,
                "A logo-only button is always square; \(size.width.cssNumber) × \(size.height.cssNumber) pt is not."
            )
        }
        self.size = size
        self.logoX = 0
        self.logoWidth = size.width
        self.title = nil
    }
}
