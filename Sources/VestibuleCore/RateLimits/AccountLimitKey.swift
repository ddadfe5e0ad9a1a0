
/// The account a per-account limit counts against, named the way the account lookup names it: by the email
/// address as ``EmailAddress`` normalizes it (trimmed, NFC, lower-cased), so `" Ada@example.com\t"` and
/// `"ada@example.com"` spend one budget; or by the account's id when it has no password address.
///
/// Every per-account limit goes through this type (``RateLimiter/record(_:account:_:)``), never through
/// text built at the call site, where each route would normalize (or not) in its own way.
public struct AccountLimitKey: Sendable, Hashable {
    public let value: String

    public init(_ address: EmailAddress) {
        value = "address|\(address.value)"
    }

    public init(_ accountID: AccountID) {
        value = "id|\(accountID.rawValue)"
    }

    /// The key for text typed into an address field; `nil` when the text is no address, which can match no
    /// account (the limit per client address still counts it).
    public init?(typed text: String) {
        guard let address = try? EmailAddress(text) else { return nil }
        self.init(address)
    }
}
