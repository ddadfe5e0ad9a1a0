import Foundation

/// A session's public identifier, safe to show in the device list and to use in revoke links.
/// It is not the secret: the cookie carries a separate random token whose hash is stored.
public struct SessionID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static func random() -> SessionID { SessionID(rawValue: UUID().uuidString.lowercased()) }

    public var description: String { rawValue }
}
