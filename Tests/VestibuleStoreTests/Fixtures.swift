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
        expiresAt: Int64 = 86_400,
        appID: String? = nil
    ) -> Session {
        Session(
            accountID: account.id,
            tokenHash: tokenHash,
            method: .passkey,
            createdAt: date(createdAt),
            lastSeenAt: date(lastSeenAt),
            expiresAt: date(expiresAt),
            userAgent: "Safari on macOS",
            appID: appID
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

    /// A password credential for `account`; the hash is an opaque string to the store.
    static func credential(
        of account: Account,
        hash: String = "$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA",
        verifiedAt: Int64? = nil,
        updatedAt: Int64 = 0
    ) -> PasswordCredential {
        PasswordCredential(
            accountID: account.id, passwordHash: hash, verifiedAt: verifiedAt.map(date), updatedAt: date(updatedAt)
        )
    }

    /// Stores a new account with a password identity for `email` and a credential, and returns the account.
    static func storedPasswordAccount(
        in store: any Store,
        email: String = "ada@example.com",
        hash: String = "$argon2id$v=19$m=8,t=1,p=1$c2FsdA$aGFzaA"
    ) throws -> Account {
        let account = account(email: email)
        try store.createPasswordAccount(
            account,
            identity: identity(of: account, method: .password, subject: email),
            credential: credential(of: account, hash: hash)
        )
        return account
    }

    static func oneTimeCode(
        _ purpose: CodePurpose = .resetPassword,
        subject: String = "ada@example.com",
        seed: [UInt8] = Array(repeating: 0xA5, count: 16),
        expiresAt: Int64 = 900,
        attempts: Int = 0,
        dailyAttempts: Int = 0,
        countingSince: Int64 = 0
    ) -> StoredOneTimeCode {
        StoredOneTimeCode(
            purpose: purpose, subject: subject, seed: seed, expiresAt: date(expiresAt), attempts: attempts,
            dailyAttempts: dailyAttempts, countingSince: date(countingSince)
        )
    }

    /// Stores `code` as the first code for its purpose and subject, and returns it as stored.
    @discardableResult
    static func issue(_ code: StoredOneTimeCode, in store: any Store) throws(StoreError) -> StoredOneTimeCode {
        try store.issueOneTimeCode(code, keepingLiveCodeTriedFewerThan: 5, now: date(0))
    }

    /// Stores a new account with one Apple identity and returns it.
    static func storedAccount(in store: any Store, displayName: String? = "Ada") throws -> Account {
        let account = account(displayName: displayName)
        try store.createAccount(account, identity: identity(of: account))
        return account
    }

    /// Stores a new guest and returns it.
    static func storedGuest(in store: any Store, lastSeenAt seconds: Int64 = 0) throws -> Guest {
        let guest = Guest(tokenHash: tokenHash(), createdAt: date(0), lastSeenAt: date(seconds))
        try store.insertGuest(guest)
        return guest
    }

    /// A document name the test knows to be valid.
    static func name(_ text: String) -> DocumentName {
        guard let name = DocumentName(rawValue: text) else { preconditionFailure("\(text) is not a document name") }
        return name
    }
}
