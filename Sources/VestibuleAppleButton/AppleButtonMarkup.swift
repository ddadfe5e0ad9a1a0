public import VestibuleHTML
public import VestibuleLocalization
/// Apple's own button for pages, the one to use when the operator has supplied no artwork (SIWA-16): no
/// Apple logo is drawn by Vestibule, the button is Apple's.
///
/// It comes from Apple's button image service (`https://appleid.cdn-apple.com/appleid/button`), not from the
/// Sign in with Apple JS script. The script writes `style` attributes and an inline `@font-face` into the
/// page, which `style-src 'self'` blocks, and it would run third-party code on the page that holds the
/// password field. The images need neither: the page adds `img-src https://appleid.cdn-apple.com`
/// (``imageOrigin``) and nothing else. A `<picture>` shows the light style's image and, under
/// `prefers-color-scheme: dark`, the white one; `srcset` offers scales 1 to 3, so the image stays sharp as
/// the button grows with the text size.
public enum AppleButtonMarkup {
    /// The origin the page's Content-Security-Policy must allow images from.
    public static let imageOrigin = "https://appleid.cdn-apple.com"
    /// The service's limits: it draws buttons from 130 × 30 to 375 × 64 points.
    public static let maximumWidth = 375.0
    public static let maximumHeight = 64.0

    /// A submit button holding Apple's image of the button, in the catalog's language.
    ///
    /// The service offers the "sign in" and "continue" titles only, so `.signUp` is refused; its corner
    /// radius is a percentage of the height (0 to 50), rounded from `size.cornerRadius`.
    public static func official(
        title: AppleButtonTitle,
        size: AppleButtonSize,
        appearance: AppleButtonAppearance = AppleButtonAppearance(),
        catalog: StringCatalog
    ) throws(AppleButtonError) -> HTML {
        try check(title: title, size: size)
        let light = sources(title, size, appearance.style(on: .light), catalog.language)
        let dark = sources(title, size, appearance.style(on: .dark), catalog.language)
        // The width the stylesheet gives the button, so the browser picks the scale it will be drawn at.
        let sizes = AppleButtonStylesheet.scaled(size.width)
        return """
        <button class="apple-button \(AppleButtonStylesheet.className(for: size))" type="submit"><picture>\
        <source media="(prefers-color-scheme: dark)" srcset="\(dark.srcset)" sizes="\(sizes)">\
        <img class="apple-button-face" src="\(light.src)" srcset="\(light.srcset)" sizes="\(sizes)" \
        width="\(Int(size.width))" height="\(Int(size.height))" alt="\(title.text(in: catalog))">\
        </picture></button>
        """
    }

    /// The image at scale 2 for `src`, and at scales 1 to 3 by pixel width for `srcset`.
    /// Whether Apple's service draws this title at this size; throws the reason when it does not.
    public static func check(title: AppleButtonTitle, size: AppleButtonSize) throws(AppleButtonError) {
        guard title != .signUp else {
            throw AppleButtonError(
                .titleNotOffered,
                "Apple's button images say “Sign in with Apple” or “Continue with Apple” only; choose one of "
                    + "those, or supply Apple's artwork for a custom “Sign up with Apple” button."
            )
        }
        guard size.width <= maximumWidth, size.height <= maximumHeight else {
            throw AppleButtonError(
                .tooLarge,
                "Apple's button images are at most \(maximumWidth.cssNumber) × \(maximumHeight.cssNumber) pt; "
                    + "\(size.width.cssNumber) × \(size.height.cssNumber) pt is larger."
            )
        }
        guard size.width.rounded() == size.width, size.height.rounded() == size.height else {
            throw AppleButtonError(
                .notANumber,
                "Apple's button images come in whole points; round the width and height."
            )
        }
    }

    private static func sources(
        _ title: AppleButtonTitle,
        _ size: AppleButtonSize,
        _ style: AppleButtonStyle,
        _ language: Language
    ) -> (src: String, srcset: String) {
        let width = Int(size.width)
        let radius = min(50, Int((size.cornerRadius / size.height * 100).rounded()))
        func url(scale: Int) -> String {
            "\(imageOrigin)/appleid/button?height=\(Int(size.height))&width=\(width)"
                + "&color=\(style == .black ? "black" : "white")&border=\(style.outline != nil)"
                + "&type=\(title.rawValue)&border_radius=\(radius)&scale=\(scale)&locale=\(language.appleLocale)"
        }
        let srcset = (1...3).map { "\(url(scale: $0)) \(width * $0)w" }.joined(separator: ", ")
        return (url(scale: 2), srcset)
    }
}
