import Foundation

/// A guest's stable identifier: a random UUID. Public like an account ID; the secret is the ``GuestToken``.
public struct GuestID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static func random() -> GuestID { GuestID(rawValue: UUID().uuidString.lowercased()) }

    public var description: String { rawValue }
}
