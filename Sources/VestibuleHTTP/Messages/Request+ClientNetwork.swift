extension Request {
    /// What per-address limits count this request's client under: its address, or an IPv6 address's /64
    /// (``ClientAddress/network(of:)``).
    public var remoteNetwork: String { ClientAddress.network(of: remoteAddress) }
}
