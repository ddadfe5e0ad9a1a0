public import Foundation

/// Apple's logo artwork, as the operator downloaded it from Apple Design Resources (SIWA-22).
///
/// Vestibule ships no Apple logo and draws none: a custom button exists only with this file, which the
/// renderer embeds byte for byte, never cropped, recolored or padded (SIWA-32). Apple makes one file per
/// button color (the "black" file carries a white logo for the black button, and so on); the operator
/// passes the file made for the style being drawn. Reading it checks that it is an SVG document with a
/// size, and free of script and outside references, which Apple's artwork never has.
public struct AppleButtonArtwork: Sendable, Equatable {
    /// Apple's files are a few kilobytes; this leaves room and keeps pages that embed them small.
    public static let maximumByteCount = 256 * 1024

    /// The file's bytes, unchanged.
    public let data: Data
    /// The artwork's own size (its `viewBox`, else its `width` and `height`), for its proportions.
    public let width: Double
    public let height: Double

    /// Width over height: Apple's logo-only artwork is square, the logo-and-title artwork is narrower.
    public var aspectRatio: Double { width / height }

    public init(contentsOf url: URL) throws(AppleButtonError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw AppleButtonError(
                .artworkUnreadable,
                "Cannot read the artwork \(url.path): \(error.localizedDescription)"
            )
        }
        try self.init(svg: data)
    }

    public init(svg data: Data) throws(AppleButtonError) {
        guard data.count <= Self.maximumByteCount else {
            throw AppleButtonError(
                .artworkInvalid,
                "The artwork is \(data.count) bytes; Apple's logo files are a few kilobytes "
                    + "(at most \(Self.maximumByteCount) accepted)."
            )
        }
        let size = try ArtworkScanner.size(of: data)
        self.data = data
        self.width = size.width
        self.height = size.height
    }

    /// The artwork as an image source that needs no file of its own and runs nothing: an SVG loaded as an
    /// image never executes script or fetches anything, and `img-src data:` is already allowed.
    package var dataURI: String {
        "data:image/svg+xml;base64," + data.base64EncodedString()
    }
}
