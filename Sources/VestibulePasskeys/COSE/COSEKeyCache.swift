import Synchronization

/// Decoded credential keys by their COSE bytes. Turning a COSE_Key into an OpenSSL key costs about as much
/// as checking the signature, and a passkey signs in with the same key every time.
///
/// Bounded: when full it starts over, which costs one decode per key afterwards and needs no bookkeeping.
public final class COSEKeyCache: Sendable {
    private let capacity: Int
    private let keys = Mutex<[[UInt8]: COSEKey]>([:])

    public init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// The decoded key for `bytes`, decoding it on first use.
    public func key(for bytes: [UInt8]) throws(PasskeyError) -> COSEKey {
        if let key = keys.withLock({ $0[bytes] }) { return key }
        let key = try COSEKey(bytes: bytes)
        keys.withLock { keys in
            if keys.count >= capacity { keys.removeAll(keepingCapacity: true) }
            keys[bytes] = key
        }
        return key
    }
}
