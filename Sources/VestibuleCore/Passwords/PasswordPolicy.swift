import Foundation

/// What a new password must be, after NIST SP 800-63B (section 3.1.1.2) and OWASP's Authentication Cheat
/// Sheet: long enough, not absurdly long, not common, not the email address. No composition rules (no
/// "one digit, one symbol"), no expiry.
///
/// Passwords are NFC-normalized before they are measured and hashed, so the same password typed as composed
/// or decomposed characters is one password; its length is counted in Unicode scalars (code points), as
/// NIST asks. (A browser's `minlength` counts UTF-16 units, so for a few emoji-only passwords the browser and
/// the server disagree; the server decides.)
public struct PasswordPolicy: Sendable {
    public let minimumLength: Int
    public let maximumLength: Int

    /// - Precondition: `0 < minimumLength <= maximumLength`. NIST asks for a minimum of at least 8 (15 when a
    ///   password is the only factor) and a maximum of at least 64; the defaults are 10 and 256.
    public init(minimumLength: Int = 10, maximumLength: Int = 256) {
        precondition(minimumLength > 0 && minimumLength <= maximumLength, "invalid password length limits")
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
    }

    /// Why `password` cannot be a new password for the account with `email`, or `nil` when it can.
    /// Checked in order: length, then the email address, then the blocklist and trivial patterns.
    public func problem(with password: String, email: EmailAddress?) -> PasswordProblem? {
        let normalized = Self.normalize(password)
        let length = normalized.unicodeScalars.count
        if length < minimumLength { return .tooShort(minimum: minimumLength) }
        if length > maximumLength { return .tooLong(maximum: maximumLength) }
        let folded = normalized.lowercased()
        if let email, folded == email.value || folded == email.localPart { return .sameAsEmail }
        if CommonPasswords.list.contains(folded) || Self.isTrivialPattern(folded) { return .tooCommon }
        return nil
    }

    /// The value for the HTML `passwordrules` attribute (Apple's Password AutoFill rules), describing
    /// exactly what ``problem(with:email:)`` enforces about length. Without `required:` or `allowed:`
    /// classes a password manager generates from all printable ASCII, which every password here may use.
    public var passwordRules: String {
        "minlength: \(minimumLength); maxlength: \(maximumLength);"
    }

    /// The form in which passwords are measured, hashed and verified: Unicode canonical composition (NFC).
    static func normalize(_ password: String) -> String {
        password.precomposedStringWithCanonicalMapping
    }

    /// One short unit repeated (`aaaaaaaaaa`, `abcabcabcabc`, `12121212121212`) or a run of consecutive
    /// characters up or down (`0123456789`, `abcdefghijkl`, `9876543210`).
    private static func isTrivialPattern(_ password: String) -> Bool {
        let scalars = Array(password.unicodeScalars)
        guard scalars.count > 1 else { return true }
        for period in 1...4 where scalars.count >= 2 * period {
            if scalars.indices.allSatisfy({ scalars[$0] == scalars[$0 % period] }) { return true }
        }
        let steps = zip(scalars, scalars.dropFirst()).map { Int($1.value) - Int($0.value) }
        return steps.allSatisfy { $0 == 1 } || steps.allSatisfy { $0 == -1 }
    }
}
