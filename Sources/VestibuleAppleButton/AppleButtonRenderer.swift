public import VestibuleHTML
public import VestibuleLocalization
/// Draws a custom Sign in with Apple button around the operator's Apple artwork (SIWA-21…33): as a
/// standalone SVG file, or as a submit button for a page.
///
/// The SVG holds a rounded rectangle in the style's pure black or white, the artwork embedded unchanged
/// at the button's full height, and the title in the system font at 43 % of the height, all placed by
/// ``AppleButtonGeometry``. Built as ``HTML``, so the title and every value are escaped like any page text.
public struct AppleButtonRenderer: Sendable {
    /// The language of the title and of the accessible label; Arabic lays the button out right to left.
    public let catalog: StringCatalog

    public init(catalog: StringCatalog) {
        self.catalog = catalog
    }

    /// A standalone SVG document of the button. A logo-only button still carries `title` as its label.
    public func svg(
        title: AppleButtonTitle,
        logoOnly: Bool = false,
        size: AppleButtonSize,
        style: AppleButtonStyle,
        artwork: AppleButtonArtwork
    ) throws(AppleButtonError) -> String {
        let geometry = try geometry(title: title, logoOnly: logoOnly, size: size, artwork: artwork)
        return face(geometry, label: title.text(in: catalog), style: style, artwork: artwork, faceClass: nil).rendered
    }

    /// A submit button for a page's form, with one face per color scheme: `onLightArtwork` is Apple's file
    /// for the appearance's light style (black or white with an outline), `onDarkArtwork` its file for white.
    /// The stylesheet from ``AppleButtonStylesheet`` sizes it and shows the face for the reader's scheme; no
    /// inline style, so the Content-Security-Policy stays `style-src 'self'`.
    public func html(
        title: AppleButtonTitle,
        logoOnly: Bool = false,
        size: AppleButtonSize,
        appearance: AppleButtonAppearance = AppleButtonAppearance(),
        onLightArtwork: AppleButtonArtwork,
        onDarkArtwork: AppleButtonArtwork
    ) throws(AppleButtonError) -> HTML {
        let label = title.text(in: catalog)
        var faces: [HTML] = []
        for (background, artwork) in [(AppleButtonBackground.light, onLightArtwork), (.dark, onDarkArtwork)] {
            let geometry = try geometry(title: title, logoOnly: logoOnly, size: size, artwork: artwork)
            let faceClass = "apple-button-face apple-button-on-\(background)"
            let style = appearance.style(on: background)
            faces.append(face(geometry, label: label, style: style, artwork: artwork, faceClass: faceClass))
        }
        return """
        <button class="apple-button \(AppleButtonStylesheet.className(for: size))" type="submit">\(faces)</button>
        """
    }

    private func geometry(title: AppleButtonTitle, logoOnly: Bool, size: AppleButtonSize, artwork: AppleButtonArtwork)
        throws(AppleButtonError) -> AppleButtonGeometry
    {
        let proportions = "\(artwork.width.cssNumber) × \(artwork.height.cssNumber)"
        // Apple's logo-only artwork is square; its logo-and-title artwork is narrower than it is high.
        if logoOnly {
            guard abs(artwork.aspectRatio - 1) < 0.01 else {
                throw AppleButtonError(
                    .artworkInvalid,
                    "A logo-only button needs Apple's square logo-only artwork; this artwork is \(proportions)."
                )
            }
            return try AppleButtonGeometry(logoOnly: size)
        }
        guard artwork.aspectRatio < 1 else {
            throw AppleButtonError(
                .artworkInvalid,
                "A button with a title needs Apple's logo artwork for buttons with text, which is narrower than "
                    + "it is high; this artwork is \(proportions) (the logo-only artwork is square)."
            )
        }
        return try AppleButtonGeometry(
            size: size,
            title: title.text(in: catalog),
            logoAspectRatio: artwork.aspectRatio,
            rightToLeft: catalog.language.direction == "rtl"
        )
    }

    private func face(
        _ geometry: AppleButtonGeometry,
        label: String,
        style: AppleButtonStyle,
        artwork: AppleButtonArtwork,
        faceClass: String?
    ) -> HTML {
        let size = geometry.size
        let (width, height, radius) = (size.width.cssNumber, size.height.cssNumber, size.cornerRadius.cssNumber)
        // Unique per style and size, as both faces of a page's button share one document.
        let clipID = "apple-button-clip-\(style.rawValue)-\(AppleButtonStylesheet.sizeName(size))"
        let classAttribute = faceClass.map { (name: String) -> HTML in " class=\"\(name)\"" } ?? ""
        return """
        <svg xmlns="http://www.w3.org/2000/svg"\(classAttribute) width="\(width)" height="\(height)" \
        viewBox="0 0 \(width) \(height)" role="img" aria-label="\(label)" xml:lang="\(catalog.language.tag)">\
        <title>\(label)</title>\
        <clipPath id="\(clipID)"><rect width="\(width)" height="\(height)" rx="\(radius)"/></clipPath>\
        <rect width="\(width)" height="\(height)" rx="\(radius)" fill="\(style.fill)"/>\
        <image href="\(artwork.dataURI)" x="\(geometry.logoX.cssNumber)" y="0" width="\(geometry.logoWidth.cssNumber)" \
        height="\(height)" preserveAspectRatio="xMidYMid meet" clip-path="url(#\(clipID))"/>\
        \(geometry.title.map { titleText($0, style: style) } ?? "")\
        \(style.outline.map { outline(size, color: $0) } ?? "")\
        </svg>
        """
    }

    /// The title, centered on its slot both ways, in the system font as the guidelines prefer (SIWA-24).
    /// `textLength` fits it to the estimated width, so whichever font the viewer has, it ends where the
    /// geometry says and the trailing margin holds (SIWA-28).
    private func titleText(_ title: AppleButtonGeometry.Title, style: AppleButtonStyle) -> HTML {
        let direction: HTML = catalog.language.direction == "rtl" ? " direction=\"rtl\"" : ""
        return """
        <text x="\(title.centerX.cssNumber)" y="\(title.centerY.cssNumber)" font-size="\(title.fontSize.cssNumber)" \
        font-family="-apple-system, BlinkMacSystemFont, system-ui, Helvetica, Arial, sans-serif" font-weight="500" \
        text-anchor="middle" dominant-baseline="central" textLength="\(title.width.cssNumber)" \
        lengthAdjust="spacingAndGlyphs"\(direction) fill="\(style.foreground)">\(title.text)</text>
        """
    }

    /// A one-point outline drawn inside the edge, on top of the artwork, so nothing covers it.
    private func outline(_ size: AppleButtonSize, color: String) -> HTML {
        """
        <rect x="0.5" y="0.5" width="\((size.width - 1).cssNumber)" height="\((size.height - 1).cssNumber)" \
        rx="\(max(size.cornerRadius - 0.5, 0).cssNumber)" fill="none" stroke="\(color)" stroke-width="1"/>
        """
    }
}
