/// How much an owner may store: the operator's `document-max-bytes` and `documents-per-owner`.
public struct DocumentLimits: Sendable, Equatable {
    /// The largest body, in bytes.
    public var maximumBytes: Int
    /// How many documents one guest or account may hold.
    public var perOwner: Int

    public init(maximumBytes: Int = 65_536, perOwner: Int = 100) {
        self.maximumBytes = maximumBytes
        self.perOwner = perOwner
    }
}
