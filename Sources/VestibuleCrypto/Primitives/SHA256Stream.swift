/// A SHA-256 digest of input fed in pieces: a file hashed a chunk at a time gets the digest
/// ``SHA2/sha256(_:)-(Sequence<UInt8>)`` gives for all of it at once, without holding it in memory.
public final class SHA256Stream {
    private let context = DigestContext.sha256()

    public init() {}

    public func update(_ bytes: UnsafeRawBufferPointer) { context.update(bytes) }

    /// The digest (32 bytes) of everything fed so far; the stream must not be fed afterwards.
    public func finish() -> [UInt8] { context.finish() }
}

@available(*, unavailable)
extension SHA256Stream: Sendable {}
