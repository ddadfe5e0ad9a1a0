public import Foundation

/// The keys Vestibule signs its tokens with, sealed at rest, kept after retirement until tokens signed with
/// them have expired.
public protocol SigningKeyStore: Sendable {
    func insertSigningKey(_ key: StoredSigningKey) throws(StoreError)
    /// Every stored signing key, newest first.
    func signingKeys() throws(StoreError) -> [StoredSigningKey]
    func retireSigningKey(keyID: String, at date: Date) throws(StoreError)
}
