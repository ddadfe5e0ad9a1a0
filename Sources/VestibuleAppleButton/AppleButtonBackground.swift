/// The kind of background a button stands on. Vestibule's pages are white in light mode and black in dark
/// mode (`vestibule.css`), so each color scheme is one of these.
public enum AppleButtonBackground: Sendable, CaseIterable {
    case light
    case dark
}
