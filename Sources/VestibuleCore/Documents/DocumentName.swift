/// A document's name within its owner: 1 to 64 of `A–Z a–z 0–9 . _ -`, safe in a URL path as it is.
public struct DocumentName: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public static let maximumLength = 64

    public let rawValue: String

    /// The name, or `nil` when `rawValue` is empty, longer than 64 or has another character.
    public init?(rawValue: String) {
        guard (1...Self.maximumLength).contains(rawValue.utf8.count),
              rawValue.utf8.allSatisfy(Self.isAllowed)
        else { return nil }
        self.rawValue = rawValue
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// Only for a text built from a valid name that keeps to the rules (``guestCopy(avoiding:)``).
    private init(building rawValue: String) { self.rawValue = rawValue }

    /// The name a guest's document takes beside an account's document of this name (``DocumentMergeRule/keepBoth``):
    /// the first of `<name>.guest`, `<name>.guest-2`, `<name>.guest-3`, … that is not `taken`, the name shortened
    /// when the suffix would make it longer than 64 characters.
    public func guestCopy(avoiding taken: Set<DocumentName>) -> DocumentName {
        var attempt = 1
        while true {
            let suffix = attempt == 1 ? ".guest" : ".guest-\(attempt)"
            let copy = DocumentName(building: rawValue.prefix(Self.maximumLength - suffix.count) + suffix)
            if !taken.contains(copy) { return copy }
            attempt += 1
        }
    }

    public static func < (lhs: DocumentName, rhs: DocumentName) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}
