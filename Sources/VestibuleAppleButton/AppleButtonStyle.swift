/// The three appearances Apple draws the button in (SIWA-18): white (for dark backgrounds), white with an
/// outline and black (both for white or light backgrounds). ``AppleButtonAppearance`` pairs them with pages.
///
/// Only pure black and pure white: the guidelines allow no other color for the fill, the logo or the title.
public enum AppleButtonStyle: String, Sendable, CaseIterable {
    case black
    case white
    case whiteOutline = "white-outline"

    /// The button's fill.
    public var fill: String {
        switch self {
        case .black: "#000000"
        case .white, .whiteOutline: "#ffffff"
        }
    }

    /// The title's color, the opposite of the fill; Apple's artwork for this style has the logo in it.
    public var foreground: String {
        switch self {
        case .black: "#ffffff"
        case .white, .whiteOutline: "#000000"
        }
    }

    /// The outline's color, for the one style that has it.
    public var outline: String? {
        self == .whiteOutline ? "#000000" : nil
    }
}
