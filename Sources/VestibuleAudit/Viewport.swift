/// A CSS-pixel viewport the audit sets exactly (CDP `Emulation.setDeviceMetricsOverride`).
public struct Viewport: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A small phone (320×568), a current phone (390×844), a tablet (768×1024) and a laptop (1280×800).
    public static let standard: [Viewport] = [
        Viewport(width: 320, height: 568), Viewport(width: 390, height: 844),
        Viewport(width: 768, height: 1024), Viewport(width: 1280, height: 800),
    ]

    /// WCAG 1.4.10 Reflow: 400 % zoom of a 1280×1024 window is a 320×256 CSS px viewport.
    public static let reflow = Viewport(width: 320, height: 256)

    /// `320×568`.
    public var description: String { "\(width)×\(height)" }

    /// Parses `320x568` or `320×568`.
    public init?(parsing text: some StringProtocol) {
        let parts = text.replacingOccurrences(of: "×", with: "x").lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            return nil
        }
        self.init(width: width, height: height)
    }
}
