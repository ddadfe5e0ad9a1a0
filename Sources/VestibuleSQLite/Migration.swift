import Foundation
import VestibuleCore

/// One versioned change to the schema. Migrations are append-only: a released one never changes, a new
/// version is added instead, because databases in the field have already applied the old ones.
struct Migration {
    let version: Int
    let sql: String

    /// Every migration, in the order they are applied.
    static let all: [Migration] = [
        Migration(version: 1, sql: """
            CREATE TABLE accounts (
                id TEXT PRIMARY KEY NOT NULL,
                display_name TEXT,
                email TEXT,
                created_at INTEGER NOT NULL
            ) STRICT;

            CREATE TABLE identities (
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                method TEXT NOT NULL,
                subject TEXT NOT NULL,
                email TEXT,
                created_at INTEGER NOT NULL,
                last_used_at INTEGER,
                UNIQUE (method, subject)
            ) STRICT;
            CREATE INDEX identities_account_id ON identities (account_id);

            CREATE TABLE sessions (
                id TEXT PRIMARY KEY NOT NULL,
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                token_hash BLOB NOT NULL,
                method TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                last_seen_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                user_agent TEXT NOT NULL
            ) STRICT;
            CREATE UNIQUE INDEX sessions_token_hash ON sessions (token_hash);
            CREATE INDEX sessions_account_id ON sessions (account_id);

            CREATE TABLE signing_keys (
                key_id TEXT PRIMARY KEY NOT NULL,
                algorithm TEXT NOT NULL,
                sealed_private_key BLOB NOT NULL,
                public_jwk TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                retired_at INTEGER
            ) STRICT;
            """),
        // Password accounts: the credential (one per account; whether its email is verified lives here) and
        // the one-time codes for email verification and password reset, stored as HMACs, one per purpose
        // and address.
        Migration(version: 2, sql: """
            CREATE TABLE password_credentials (
                account_id TEXT PRIMARY KEY NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                password_hash TEXT NOT NULL,
                verified_at INTEGER,
                updated_at INTEGER NOT NULL
            ) STRICT;

            CREATE TABLE one_time_codes (
                purpose TEXT NOT NULL,
                subject TEXT NOT NULL,
                code_mac BLOB NOT NULL,
                expires_at INTEGER NOT NULL,
                attempts INTEGER NOT NULL,
                PRIMARY KEY (purpose, subject)
            ) STRICT;
            CREATE INDEX one_time_codes_expires_at ON one_time_codes (expires_at);
            """),
        Migration(version: 3, sql: """
            CREATE TABLE passkey_credentials (
                credential_id BLOB PRIMARY KEY NOT NULL,
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                public_key BLOB NOT NULL,
                sign_count INTEGER NOT NULL,
                backup_eligible INTEGER NOT NULL,
                backed_up INTEGER NOT NULL,
                transports TEXT NOT NULL,
                aaguid BLOB NOT NULL,
                name TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                last_used_at INTEGER,
                clone_warning_at INTEGER
            ) STRICT;
            CREATE INDEX passkey_credentials_account_id ON passkey_credentials (account_id);

            CREATE TABLE passkey_challenges (
                challenge_hash BLOB PRIMARY KEY NOT NULL,
                purpose TEXT NOT NULL,
                account_id TEXT,
                display_name TEXT,
                expires_at INTEGER NOT NULL
            ) STRICT;
            CREATE INDEX passkey_challenges_expires_at ON passkey_challenges (expires_at);
            """),
    ]

    /// The newest version this build knows.
    static var latestVersion: Int { all.last?.version ?? 0 }

    /// The ledger of applied migrations; created before anything else, so it exists in every version.
    static let createLedger = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version INTEGER PRIMARY KEY NOT NULL,
            applied_at INTEGER NOT NULL
        ) STRICT
        """

    /// The highest version recorded on `connection`'s database; 0 for a database never migrated.
    static func appliedVersion(on connection: Connection) throws(StoreError) -> Int {
        let ledgerExists = try connection.firstRow(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
        ) { _ in true } ?? false
        guard ledgerExists else { return 0 }
        let version = try connection.firstRow("SELECT coalesce(max(version), 0) FROM schema_migrations") {
            row throws(StoreError) in try row.integer(0)
        }
        return Int(version ?? 0)
    }

    /// Applies the next migration `connection`'s database lacks, inside a transaction so a failure leaves
    /// nothing half-applied. Returns its version, or `nil` when the database is current.
    ///
    /// The applied version is read inside the same transaction, so two processes migrating one file at once
    /// cannot both apply a migration.
    static func applyNext(on connection: Connection) throws(StoreError) -> Int? {
        try connection.transaction { connection throws(StoreError) -> Int? in
            let applied = try appliedVersion(on: connection)
            guard applied <= latestVersion else {
                throw StoreError(
                    .incompatibleSchema,
                    "the database has schema version \(applied) but this Vestibule knows versions up to "
                        + "\(latestVersion): a newer Vestibule wrote it; upgrade Vestibule to use this database"
                )
            }
            guard let next = all.first(where: { $0.version > applied }) else { return nil }
            do throws(StoreError) {
                try connection.execute(next.sql)
            } catch {
                throw error.during("migration \(next.version)")
            }
            try connection.run(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                [Int64(next.version), Date()]
            )
            return next.version
        }
    }
}
