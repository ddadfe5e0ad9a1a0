import Foundation

/// A verified Sign in with Apple authorization, from either flow: who it is, what Apple shared, and the
/// refresh token that revocation will need. Held sealed between the callback and the browser's return.
public struct AppleAuthorization: Codable, Sendable, Equatable {
    public let subject: String
    public let clientID: String
    /// From the identity token, never from the `user` form field or the app (they are not signed).
    public let email: String?
    public let emailVerified: Bool
    public let isPrivateEmail: Bool
    /// The name shared on the first authorization only (web `user` field, or the app's `fullName`).
    public let name: PersonName?
    public let refreshToken: String?

    public struct PersonName: Codable, Sendable, Equatable {
        public let firstName: String?
        public let lastName: String?

        public init(firstName: String?, lastName: String?) {
            self.firstName = firstName
            self.lastName = lastName
        }

        /// "First Last", or whichever part exists; `nil` when neither does.
        public var displayName: String? {
            let parts = [firstName, lastName].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }
            return parts.isEmpty ? nil : parts.joined(separator: " ")
        }
    }
}
