/// The style a page shows in each color scheme. Dark mode always gets white, the one style made for dark
/// backgrounds; light mode gets black or, where the operator prefers it, white with an outline. A wrong
/// pairing (black on black, an outline on a dark page) cannot be expressed.
public struct AppleButtonAppearance: Sendable, Equatable {
    /// The two styles made for white or light backgrounds.
    public enum OnLight: String, Sendable, CaseIterable {
        case black
        case whiteOutline = "white-outline"
    }

    public let onLight: OnLight

    public init(onLight: OnLight = .black) {
        self.onLight = onLight
    }

    /// The style for a page of this background.
    public func style(on background: AppleButtonBackground) -> AppleButtonStyle {
        switch (background, onLight) {
        case (.dark, _): .white
        case (.light, .black): .black
        case (.light, .whiteOutline): .whiteOutline
        }
    }
}
