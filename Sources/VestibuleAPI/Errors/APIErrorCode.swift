/// The stable, program-readable reason in an error body's `error` member.
///
/// A struct, not an enum: the server adds codes (every WebAuthn check has one), and a client built before
/// a code existed still decodes the reply. The codes a client typically acts on are named here.
public struct APIErrorCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// The body is not the documented JSON, or a value is out of range.
    public static let invalidRequest: APIErrorCode = "invalidRequest"
    /// No signed-in account (or live guest) behind the call.
    public static let signInRequired: APIErrorCode = "signInRequired"
    /// The session may not change how the account signs in: too old, or made by a hand-off for an app.
    public static let signInAgain: APIErrorCode = "signInAgain"
    /// No document by that name, or no such guest to claim.
    public static let notFound: APIErrorCode = "notFound"
    /// A document is not at the version the write expected (412).
    public static let versionMismatch: APIErrorCode = "versionMismatch"
    /// A document write without `If-Match` or `If-None-Match: *` (428).
    public static let preconditionRequired: APIErrorCode = "preconditionRequired"
    /// An `X-Vestibule-App-Key` that no registered app has.
    public static let invalidAppKey: APIErrorCode = "invalidAppKey"
    /// A hand-off call without `X-Vestibule-App-Key`.
    public static let appKeyRequired: APIErrorCode = "appKeyRequired"
    /// A hand-off's code that is unknown, used, expired, or presented with another exchange key.
    public static let invalidCode: APIErrorCode = "invalidCode"
    /// An access token's audience that no (or not the calling) app registered.
    public static let audienceNotAllowed: APIErrorCode = "audienceNotAllowed"
    /// A Sign in with Apple whose verified email has an account with a password: nothing was linked.
    public static let accountExists: APIErrorCode = "accountExists"
    /// Too many calls (429), a wrong origin or a missing anti-forgery token (403).
    public static let refused: APIErrorCode = "refused"
    /// The database cannot be reached or written for now (503, with `Retry-After`): nothing was done.
    public static let unavailable: APIErrorCode = "unavailable"
}
