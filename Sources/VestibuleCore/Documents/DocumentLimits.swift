/// How much may be stored: the operator's `document-max-bytes` and `documents-per-owner` for each owner, and
/// `document-storage-bytes` for all of them together.
public struct DocumentLimits: Sendable, Equatable {
    /// The largest body, in bytes.
    public var maximumBytes: Int
    /// How many documents one guest or account may hold.
    public var perOwner: Int
    /// The total size of every owner's documents, in bytes.
    public var storageBytes: Int

    public init(maximumBytes: Int = 65_536, perOwner: Int = 100, storageBytes: Int = 1 << 30) {
        self.maximumBytes = maximumBytes
        self.perOwner = perOwner
        self.storageBytes = storageBytes
    }
}
