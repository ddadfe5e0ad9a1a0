/// A COSE algorithm identifier (IANA "COSE Algorithms"), as found in a credential public key.
public struct COSEAlgorithm: Hashable, Sendable, CustomStringConvertible {
    /// The registered integer.
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// ECDSA on P-256 with SHA-256 (signatures are DER in WebAuthn).
    public static let es256 = COSEAlgorithm(rawValue: -7)
    /// EdDSA; only Ed25519 keys are supported.
    public static let edDSA = COSEAlgorithm(rawValue: -8)
    /// RSASSA-PKCS1-v1_5 with SHA-256.
    public static let rs256 = COSEAlgorithm(rawValue: -257)

    /// The algorithms this module verifies.
    public static let supported: Set<COSEAlgorithm> = [.es256, .edDSA, .rs256]
    /// The supported algorithms in the order registration options list them: ES256 first (every platform
    /// authenticator has it), RS256 last (Windows Hello's).
    public static let preferenceOrder: [COSEAlgorithm] = [.es256, .edDSA, .rs256]

    public var description: String {
        switch self {
        case .es256: "ES256"
        case .edDSA: "EdDSA"
        case .rs256: "RS256"
        default: "COSE(\(rawValue))"
        }
    }
}
