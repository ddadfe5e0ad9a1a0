/// The operator's choice for Apple's own button (SIWA-16…20): one title everywhere, the style for light
/// pages (dark pages always get white), and the size with its corner radius.
public struct OfficialAppleButton: Sendable, Equatable {
    public let title: AppleButtonTitle
    public let appearance: AppleButtonAppearance
    public let size: AppleButtonSize

    /// Checks the choice against Apple's button service once, at start-up, so no page can fail later.
    public init(title: AppleButtonTitle, appearance: AppleButtonAppearance, size: AppleButtonSize) throws(AppleButtonError) {
        self.title = title
        self.appearance = appearance
        self.size = size
        try AppleButtonMarkup.check(title: title, size: size)
    }

    func markup(in catalog: StringCatalog) -> HTML {
        // Checked in `init` with the same title and size; the catalog changes only the image's language.
        (try? AppleButtonMarkup.official(title: title, size: size, appearance: appearance, catalog: catalog))
            ?? HTML(text: title.text(in: catalog))
    }
}
