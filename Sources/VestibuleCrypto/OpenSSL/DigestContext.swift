internal import COpenSSL

/// An OpenSSL digest in progress (`EVP_MD_CTX`), for input too large to hold in memory at once.
final class DigestContext {
    private let context: OpaquePointer

    init(_ md: OpaquePointer) {
        // Both fail only when OpenSSL cannot allocate, which leaves nothing to recover, as in `OpenSSL.digest`.
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new failed: \(OpenSSLErrors.drain())") }
        guard EVP_DigestInit_ex(context, md, nil) == 1 else {
            EVP_MD_CTX_free(context)
            fatalError("EVP_DigestInit_ex failed: \(OpenSSLErrors.drain())")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1 else {
            fatalError("EVP_DigestUpdate failed: \(OpenSSLErrors.drain())")
        }
    }

    func finish() -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &output, &length) == 1 else {
            fatalError("EVP_DigestFinal_ex failed: \(OpenSSLErrors.drain())")
        }
        return Array(output.prefix(Int(length)))
    }

    static func sha256() -> DigestContext { DigestContext(FetchedDigest.sha256) }
}

@available(*, unavailable)
extension DigestContext: Sendable {}
