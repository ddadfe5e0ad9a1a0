import Foundation

/// What a guest checkout asks, and nothing more: these are e-books sent by email, so a name for the receipt
/// and the address to send them to (SIWA-6).
struct CheckoutDetails: Sendable, Equatable {
    let name: String
    let email: String

    enum Problem: Sendable, Equatable {
        case nameInvalid
        case emailInvalid
    }

    /// Everything wrong with a filled-in form, to show beside its fields.
    struct Problems: Error, Equatable {
        let problems: [Problem]
    }

    static let maxNameLength = 100
    static let maxEmailLength = 254

    /// The details from the form, trimmed.
    ///
    /// - Throws: every problem at once, so the form can show them together.
    init(name: String, email: String) throws(Problems) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let email = email.trimmingCharacters(in: .whitespacesAndNewlines)
        var problems: [Problem] = []
        if name.isEmpty || name.count > Self.maxNameLength || name.rangeOfCharacter(from: .controlCharacters) != nil {
            problems.append(.nameInvalid)
        }
        if !Self.isPlausibleEmail(email) { problems.append(.emailInvalid) }
        guard problems.isEmpty else { throw Problems(problems: problems) }
        self.name = name
        self.email = email
    }

    /// One `@` with something before it and a dotted domain after it, no spaces: the mail server has the last
    /// word, this only catches slips of the finger.
    private static func isPlausibleEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.utf8.count <= maxEmailLength, parts.count == 2, !parts[0].isEmpty,
              email.rangeOfCharacter(from: .whitespacesAndNewlines.union(.controlCharacters)) == nil
        else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
