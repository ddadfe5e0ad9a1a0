public import Foundation

/// A key Vestibule signs tokens with, as stored: the private key sealed with the at-rest AEAD, the public
/// half as a JWK ready to publish. During a rotation two keys are published: the new one signs, the
/// previous one stays in the JWKS until tokens it signed have expired.
public struct StoredSigningKey: Sendable, Equatable {
    public let keyID: String
    public let algorithm: String
    public let sealedPrivateKey: [UInt8]
    public let publicJWK: String
    public let createdAt: Date
    /// When it stopped signing; it is still published until ``StoredSigningKey/retiredAt`` plus the token lifetime.
    public var retiredAt: Date?

    public init(
        keyID: String,
        algorithm: String,
        sealedPrivateKey: [UInt8],
        publicJWK: String,
        createdAt: Date,
        retiredAt: Date? = nil
    ) {
        self.keyID = keyID
        self.algorithm = algorithm
        self.sealedPrivateKey = sealedPrivateKey
        self.publicJWK = publicJWK
        self.createdAt = createdAt
        self.retiredAt = retiredAt
    }
}
