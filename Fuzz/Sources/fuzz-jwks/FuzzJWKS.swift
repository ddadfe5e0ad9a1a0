import Foundation
import FuzzSupport
import VestibuleCrypto

/// A JSON Web Key Set as Apple's `/auth/keys` (or any provider) serves it, loaded into a key cache: the JSON, and
/// each key's members handed to OpenSSL.
///
/// Oracles: a key set that decodes encodes and decodes to the same keys; the cache holds exactly the keys it did not
/// refuse, each under its `kid` and built from that very JWK.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWKS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let jwks = try? JSONDecoder().decode(JWKS.self, from: Data(bytes)) else { return 0 }
    let again = (try? JSONEncoder().encode(jwks)).flatMap { try? JSONDecoder().decode(JWKS.self, from: $0) }
    Oracle.require(again == jwks, "decode → encode → decode changed the key set")
    let cache = KeyCache()
    let refused = cache.replace(with: jwks)
    Oracle.require(cache.keyIDs.count + refused.count == jwks.keys.count, "a key was neither loaded nor refused")
    for kid in cache.keyIDs {
        Oracle.require(
            cache.key(for: kid)?.jwk == jwks.keys.first { $0.kid == kid }, "the key under \(kid) is not its JWK's"
        )
    }
    return 0
}
