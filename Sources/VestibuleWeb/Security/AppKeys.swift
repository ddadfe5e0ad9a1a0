import VestibuleCrypto

/// The secrets that the operator's apps' servers present in `X-Vestibule-App-Key` (setting `app-keys`), kept
/// only as their SHA-256 digests. A call with a valid key is counted per visitor the app names, not per the
/// app's own address (see `WebApp.jsonAPI`).
public struct AppKeys: Sendable, Equatable {
    private let digests: [[UInt8]]

    /// - Parameter keys: the secrets as configured; only their digests are kept.
    public init(_ keys: [String] = []) {
        digests = keys.map { SHA2.sha256($0) }
    }

    public var isEmpty: Bool { digests.isEmpty }

    /// The matching key's name for counters (the first 8 bytes of its digest, in hex), or `nil` when
    /// `presented` is no key. Every configured digest is compared, each in constant time, so the time taken
    /// says nothing about which key, or how much of one, matched.
    func match(_ presented: String) -> String? {
        let digest = SHA2.sha256(presented)
        var matched: [UInt8]?
        for candidate in digests where ConstantTime.equals(candidate, digest) { matched = candidate }
        return matched.map { Hex.encode($0.prefix(8)) }
    }
}
