/// How much of a client's address the audit trail keeps (setting `audit-addresses`).
public enum AuditAddressPolicy: String, Sendable, CaseIterable {
    /// The whole address.
    case full
    /// The network only: an IPv4 address's /24, an IPv6 address's /48. Enough to tell "my home" from "another
    /// country", not enough to single out a household. The default.
    case network
    /// No address at all.
    case none
}
