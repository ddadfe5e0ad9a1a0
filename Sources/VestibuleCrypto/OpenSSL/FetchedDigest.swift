internal import COpenSSL

/// SHA-2 implementations fetched from OpenSSL's default provider once.
///
/// OpenSSL 3 resolves the legacy `EVP_sha256()` handle to a provider implementation again on every
/// init ("implicit fetch"), which costs more than hashing a JWS signing input; an explicitly fetched
/// `EVP_MD` skips that lookup (measured with `make bench`).
enum FetchedDigest {
    // nonisolated(unsafe): each is written once by Swift's thread-safe lazy global initialisation and
    // never changed; OpenSSL's EVP_MD objects are reference counted and safe to share between threads.
    nonisolated(unsafe) static let sha256 = fetch("SHA2-256")
    nonisolated(unsafe) static let sha384 = fetch("SHA2-384")
    nonisolated(unsafe) static let sha512 = fetch("SHA2-512")

    private static func fetch(_ name: String) -> OpaquePointer {
        // Only fails when the default provider is missing, i.e. a broken OpenSSL installation.
        guard let digest = EVP_MD_fetch(nil, name, nil) else {
            fatalError("OpenSSL has no \(name) implementation: \(OpenSSLErrors.drain())")
        }
        return digest
    }
}
