/// What a document write or deletion expects to find, as HTTP says it: two writers who read the same version
/// cannot both write.
public enum ExpectedVersion: Sendable, Equatable {
    /// Nothing by that name yet: `If-None-Match: *` (a create).
    case absent
    /// That version: `If-Match: "<version>"` (a replacement or deletion).
    case version(Int)

    /// The one header field that states it, as `(name, value)`.
    public var header: (name: String, value: String) {
        switch self {
        case .absent: ("If-None-Match", "*")
        case .version(let version): ("If-Match", Self.entityTag(version))
        }
    }

    /// A version as an entity tag: `"3"`, as `ETag` and `If-Match` carry it.
    public static func entityTag(_ version: Int) -> String { "\"\(version)\"" }

    /// The version in an entity tag (`"3"`, or weak `W/"3"`); `nil` for anything else.
    public static func version(inEntityTag tag: String) -> Int? {
        let strong = tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
        guard strong.count > 2, strong.hasPrefix("\""), strong.hasSuffix("\""),
              let version = Int(strong.dropFirst().dropLast()), version > 0
        else { return nil }
        return version
    }
}
