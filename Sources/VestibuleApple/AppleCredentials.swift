public import VestibuleCrypto
import Foundation

/// The operator's Sign in with Apple registration: the team, the key that signs client secrets, and the
/// client IDs that may appear as `aud` (the Services ID for the web, bundle IDs for apps).
public struct AppleCredentials: Sendable {
    /// The 10-character Team ID (`iss` of client secrets).
    public let teamID: String
    /// The 10-character Key ID of the Sign in with Apple key (`kid` of client secrets).
    public let keyID: String
    /// The key from the `.p8` file: P-256, signs client secrets with ES256.
    public let privateKey: SigningKey
    /// The Services ID: `client_id` of the web flow.
    public let servicesID: String
    /// App bundle IDs: `client_id` of codes from native apps, and accepted `aud` of their identity tokens.
    public let bundleIDs: [String]
    /// Where Apple posts the web flow's answer (registered on the Services ID).
    public let redirectURI: String

    public init(
        teamID: String, keyID: String, privateKey: SigningKey, servicesID: String, bundleIDs: [String],
        redirectURI: String
    ) throws(AppleError) {
        guard privateKey.algorithm == .es256 else {
            throw AppleError(.misconfigured, "the Sign in with Apple key must be a P-256 (ES256) key")
        }
        self.teamID = teamID
        self.keyID = keyID
        self.privateKey = privateKey
        self.servicesID = servicesID
        self.bundleIDs = bundleIDs
        self.redirectURI = redirectURI
    }

    /// Every client ID whose tokens Vestibule accepts.
    public var audiences: Set<String> { Set([servicesID] + bundleIDs) }

    /// Reads the `.p8` file Apple gives out: PEM-armoured PKCS #8.
    public static func privateKey(pem: String) throws(AppleError) -> SigningKey {
        do {
            return try SigningKey(pkcs8PEM: pem)
        } catch where error.code == .invalidEncoding {
            throw AppleError(.misconfigured, "the .p8 key is not PEM (base64 between BEGIN/END PRIVATE KEY lines)")
        } catch {
            throw AppleError(.misconfigured, "the .p8 key is not a PKCS #8 private key")
        }
    }
}
