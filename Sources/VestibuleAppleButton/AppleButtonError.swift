/// Why a Sign in with Apple button cannot be drawn as asked. The message names the rule, the numbers and
/// what would work, so an operator can fix the setting without reading the guidelines.
public struct AppleButtonError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// A dimension is not a finite number, or a radius is negative.
        public static let notANumber = Code(name: "notANumber")
        /// Narrower or lower than the guidelines' minimum (SIWA-20, SIWA-29).
        public static let tooSmall = Code(name: "tooSmall")
        /// Larger than Apple's button image service draws (official buttons only).
        public static let tooLarge = Code(name: "tooLarge")
        /// A corner radius above half the height, which no rounded rectangle has.
        public static let radiusTooLarge = Code(name: "radiusTooLarge")
        /// A logo-only button that is not square (SIWA-31).
        public static let notSquare = Code(name: "notSquare")
        /// The title at 43 % of the height, the logo and the 8 % trailing margin are wider than the button.
        public static let titleDoesNotFit = Code(name: "titleDoesNotFit")
        /// A title Apple's own button does not offer in that form (official buttons only).
        public static let titleNotOffered = Code(name: "titleNotOffered")
        /// The artwork file cannot be read.
        public static let artworkUnreadable = Code(name: "artworkUnreadable")
        /// The artwork is not an SVG document with a size, or not the shape the button needs.
        public static let artworkInvalid = Code(name: "artworkInvalid")
        /// The artwork holds script or references outside itself, which Apple's artwork never does.
        public static let artworkUnsafe = Code(name: "artworkUnsafe")

        public var description: String { name }

        /// Problems with the operator's artwork file rather than with the requested size.
        public var isAboutArtwork: Bool {
            self == .artworkUnreadable || self == .artworkInvalid || self == .artworkUnsafe
        }
    }

    public let code: Code
    public let description: String

    package init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
