public import Foundation
import VestibuleCrypto

/// A passkey registered to an account: what verifying its assertions needs, and what its owner sees on the
/// account page. Each passkey is also an ``Identity`` (method `.passkey`, subject its base64url ID), so it
/// counts as a sign-in method like a password or Sign in with Apple.
public struct PasskeyCredential: Sendable, Equatable {
    /// The credential ID chosen by the authenticator (at most 1,023 bytes).
    public let id: [UInt8]
    public let accountID: AccountID
    /// The COSE_Key bytes of the credential's public key.
    public let publicKey: [UInt8]
    /// The highest signature counter seen; 0 for authenticators without one (most synced passkeys).
    public var signCount: UInt32
    /// BE: the authenticator may sync this passkey. Fixed at registration.
    public let backupEligible: Bool
    /// BS: the passkey is synced now (shown as "synced" rather than "this device only").
    public var backedUp: Bool
    /// The transports the browser reported at registration (`internal`, `hybrid`, `usb`, …), for hints.
    public let transports: [String]
    /// The authenticator model's AAGUID (all zeros when it does not say).
    public let aaguid: [UInt8]
    /// A name its owner chose, or the default one given at registration.
    public var name: String
    public let createdAt: Date
    public var lastUsedAt: Date?
    /// When an assertion last came with a counter that did not advance: the passkey may have been copied.
    /// Recorded and shown to the owner, not a reason to refuse (WebAuthn §7.2 step 22 leaves it to policy).
    public var cloneWarningAt: Date?

    public init(
        id: [UInt8],
        accountID: AccountID,
        publicKey: [UInt8],
        signCount: UInt32,
        backupEligible: Bool,
        backedUp: Bool,
        transports: [String],
        aaguid: [UInt8],
        name: String,
        createdAt: Date,
        lastUsedAt: Date? = nil,
        cloneWarningAt: Date? = nil
    ) {
        self.id = id
        self.accountID = accountID
        self.publicKey = publicKey
        self.signCount = signCount
        self.backupEligible = backupEligible
        self.backedUp = backedUp
        self.transports = transports
        self.aaguid = aaguid
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.cloneWarningAt = cloneWarningAt
    }
}

extension PasskeyCredential {
    /// The subject of the passkey's ``Identity``: its credential ID in base64url.
    public static func subject(of id: [UInt8]) -> String { Base64URL.encode(id) }
}
