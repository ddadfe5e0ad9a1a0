import Foundation

/// The stylesheet every site's pages share: the Larger Text foundations (a root font size that follows the
/// reader's setting and Dynamic Type, controls that inherit it, logical directions, container-query stacking)
/// and the header, forms, buttons and lists built on them.
///
/// Each site serves it at ``path`` with its other static files and links it, through ``PageSkeleton``, before
/// its own stylesheet, which sets the palette and `--page-width` and adds the site's own components.
public enum BaseStylesheet {
    /// Where each site serves it.
    public static let path = "/static/base.css"

    /// The stylesheet's bytes, or `nil` when the bundle lacks the file (a broken install), which each site
    /// reports as its own start-up error.
    public static func css() -> [UInt8]? {
        guard let url = Bundle.module.url(forResource: "base", withExtension: "css", subdirectory: "Resources"),
              let data = try? Data(contentsOf: url)
        else { return nil }
        return Array(data)
    }
}
