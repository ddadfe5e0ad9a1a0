import Foundation
import VestibuleCore

/// Builders for the records the suite stores. Dates are whole milliseconds (what every backend keeps) from a
/// fixed origin, so tests are deterministic and compare records with `==`.
enum Fixture {
    /// 2026-01-01T00:00:00Z.
    static let origin: Int64 = 1_767_225_600_000

    /// The instant `seconds` after ``origin``.
    static func date(_ seconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(origin + seconds * 1000) / 1000)
    }

    static func account(displayName: String? = "Ada", email: String? = "ada@example.com", at seconds: Int64 = 0)
        -> Account
    {
        Account(displayName: displayName, email: email, createdAt: date(seconds))
    }

    static func identity(
        of account: Account,
        method: SignInMethod = .apple,
        subject: String = UUID().uuidString,
        at seconds: Int64 = 0
    ) -> Identity {
        Identity(
            accountID: account.id, method: method, subject: subject, email: account.email, createdAt: date(seconds)
        )
    }

    static func session(
        of account: Account,
        tokenHash: [UInt8] = tokenHash(),
        createdAt: Int64 = 0,
        lastSeenAt: Int64 = 0,
        expiresAt: Int64 = 86_400
    ) -> Session {
        Session(
            accountID: account.id,
            tokenHash: tokenHash,
            method: .passkey,
            createdAt: date(createdAt),
            lastSeenAt: date(lastSeenAt),
            expiresAt: date(expiresAt),
            userAgent: "Safari on macOS"
        )
    }

    /// A random 32-byte value shaped like a SHA-256 token hash.
    static func tokenHash() -> [UInt8] {
        (0..<32).map { _ in UInt8.random(in: .min ... .max) }
    }

    static func signingKey(id: String, at seconds: Int64) -> StoredSigningKey {
        StoredSigningKey(
            keyID: id,
            algorithm: "ES256",
            sealedPrivateKey: Array(0...255),
            publicJWK: #"{"kty":"EC","crv":"P-256","kid":"\#(id)"}"#,
            createdAt: date(seconds)
        )
    }

    /// Stores a new account with one Apple identity and returns it.
    static func storedAccount(in store: any Store, displayName: String? = "Ada") throws -> Account {
        let account = account(displayName: displayName)
        try store.createAccount(account, identity: identity(of: account))
        return account
    }
}
