import Foundation

/// An account's stable identifier: a random UUID, never derived from anything a person typed.
public struct AccountID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static func random() -> AccountID { AccountID(rawValue: UUID().uuidString.lowercased()) }

    public var description: String { rawValue }
}
