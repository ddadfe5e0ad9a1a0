import Foundation

/// An email address as Vestibule compares and stores it: trimmed, NFC-normalized and lowercased.
///
/// The whole address is lowercased, local part included. RFC 5321 lets a server treat `Ada@` and `ada@` as
/// different mailboxes, but no common provider does, and people type their address in any case: treating
/// them as one address avoids duplicate accounts and failed sign-ins, at the cost of one account for two
/// mailboxes that differ only in case (which nobody has been seen to use).
///
/// Validation is deliberately simple, not RFC 5322: exactly one `@`, a non-empty local part of at most 64
/// bytes, a domain of at least two non-empty dot-separated labels, no whitespace or control characters, at
/// most 254 bytes in all. Whether the address receives mail is proven by a code, not by syntax.
public struct EmailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The normalized address.
    public let value: String

    /// - Throws: ``AccountError/Code/invalidEmail`` when `text` is not an address.
    public init(_ text: String) throws(AccountError) {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            .precomposedStringWithCanonicalMapping
            .lowercased()
        guard Self.isValid(value) else { throw AccountError.invalidEmail }
        self.value = value
    }

    /// The part before the `@`.
    public var localPart: Substring { value.prefix { $0 != "@" } }

    /// The part after the `@`.
    public var domain: Substring { value.drop { $0 != "@" }.dropFirst() }

    public var description: String { value }

    private static func isValid(_ value: String) -> Bool {
        guard value.utf8.count <= 254, !value.unicodeScalars.contains(where: isForbidden) else { return false }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let (local, domain) = (parts[0], parts[1])
        guard !local.isEmpty, local.utf8.count <= 64 else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// Whitespace, control and invisible formatting characters (such as zero-width spaces) never belong in
    /// an address; they are how look-alike addresses are made.
    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isWhitespace || properties.generalCategory == .control
            || properties.generalCategory == .format
    }
}
