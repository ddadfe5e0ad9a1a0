/// Why a new password is refused. There are no composition rules (NIST SP 800-63B 3.1.1.2): only length,
/// the blocklist and the person's own email address.
public enum PasswordProblem: Sendable, Hashable {
    /// Fewer than `minimum` characters (Unicode scalars, after NFC normalization).
    case tooShort(minimum: Int)
    /// More than `maximum` characters.
    case tooLong(maximum: Int)
    /// On the list of common passwords, one character repeated, or an obvious sequence such as `0123456789`.
    case tooCommon
    /// The email address, or the part before its `@`.
    case sameAsEmail
}
