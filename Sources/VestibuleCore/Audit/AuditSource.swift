/// Where an event came from: the request's client, as far as the audit trail may keep it.
public struct AuditSource: Sendable, Equatable {
    /// Already shortened by the site per ``AuditAddressPolicy``.
    public var clientAddress: String?
    public var userAgent: String?

    public init(clientAddress: String?, userAgent: String?) {
        self.clientAddress = clientAddress
        self.userAgent = userAgent
    }

    /// Not from a request: the command line, the janitor, Apple's servers.
    public static let none = AuditSource(clientAddress: nil, userAgent: nil)
}
