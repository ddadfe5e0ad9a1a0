package import VestibuleHTML
package import VestibuleLocalization
/// The operator's Sign in with Apple button for the pages (SIWA-16…33): one title everywhere, the style for
/// light pages (dark pages always get white), the size with its corner radius, and whose drawing it is.
public struct AppleButtonChoice: Sendable {
    public enum Face: Sendable {
        /// Apple's own button, from Apple's button image service (SIWA-16).
        case official
        /// A custom button drawn around the operator's copies of Apple's logo artwork (SIWA-21…33): the file
        /// for the light pages' style, and the one for the white button of dark pages.
        case custom(onLight: AppleButtonArtwork, onDark: AppleButtonArtwork)
    }

    public let title: AppleButtonTitle
    public let appearance: AppleButtonAppearance
    public let size: AppleButtonSize
    public let face: Face

    public init(title: AppleButtonTitle, appearance: AppleButtonAppearance, size: AppleButtonSize, face: Face) {
        self.title = title
        self.appearance = appearance
        self.size = size
        self.face = face
    }

    /// The button in the catalog's language.
    /// - Throws: when Apple's service offers no such button, or the title does not fit the size in this
    ///   language (``Pages`` checks every language at start-up, so pages never see the error).
    package func markup(in catalog: StringCatalog) throws(AppleButtonError) -> HTML {
        switch face {
        case .official:
            try AppleButtonMarkup.official(title: title, size: size, appearance: appearance, catalog: catalog)
        case .custom(let onLight, let onDark):
            try AppleButtonRenderer(catalog: catalog).html(
                title: title, size: size, appearance: appearance, onLightArtwork: onLight, onDarkArtwork: onDark
            )
        }
    }

    /// Where the page's images come from besides itself: Apple's image service for the official button.
    package var imageOrigins: [String] {
        if case .official = face { return [AppleButtonMarkup.imageOrigin] }
        return []
    }
}
