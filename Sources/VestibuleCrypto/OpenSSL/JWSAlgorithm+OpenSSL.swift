internal import COpenSSL

extension JWSAlgorithm {
    /// The digest OpenSSL applies before signing; nil for Ed25519, which takes the whole message.
    var digest: OpaquePointer? {
        switch self {
        case .es256, .rs256: FetchedDigest.sha256
        case .edDSA: nil
        }
    }

    /// Converts OpenSSL's signature encoding to the JWS one.
    func jwsSignature(fromOpenSSL signature: [UInt8]) throws(CryptoError) -> [UInt8] {
        switch self {
        case .es256: try ECDSASignature.raw(fromDER: signature, coordinateSize: 32)
        case .rs256, .edDSA: signature
        }
    }

    /// Converts a JWS signature to OpenSSL's encoding, or nil if it cannot be a valid one.
    func openSSLSignature(fromJWS signature: [UInt8]) -> [UInt8]? {
        switch self {
        case .es256: signature.count == 64 ? ECDSASignature.der(fromRaw: signature) : nil
        case .rs256, .edDSA: signature
        }
    }
}
