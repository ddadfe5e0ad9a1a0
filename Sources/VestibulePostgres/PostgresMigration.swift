import Foundation
import VestibuleCore

/// One versioned change to the schema: the SQLite migrations with the same versions, in PostgreSQL's SQL.
/// Append-only: a released migration never changes; a new version is added instead.
///
/// Differences from SQLite: dates are `bigint` milliseconds (as SQLite's integers), bytes are `bytea`, and
/// tables whose lists are ordered with SQLite's `rowid` as the tie-breaker get an identity column `seq`.
struct PostgresMigration {
    let version: Int
    let sql: String

    /// Every migration, in the order they are applied.
    static let all: [PostgresMigration] = [
        PostgresMigration(version: 1, sql: """
            CREATE TABLE accounts (
                id text PRIMARY KEY,
                display_name text,
                email text,
                created_at bigint NOT NULL
            );

            CREATE TABLE identities (
                seq bigint GENERATED ALWAYS AS IDENTITY,
                account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                method text NOT NULL,
                subject text NOT NULL,
                email text,
                created_at bigint NOT NULL,
                last_used_at bigint,
                UNIQUE (method, subject)
            );
            CREATE INDEX identities_account_id ON identities (account_id);

            CREATE TABLE sessions (
                seq bigint GENERATED ALWAYS AS IDENTITY,
                id text PRIMARY KEY,
                account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                token_hash bytea NOT NULL,
                method text NOT NULL,
                created_at bigint NOT NULL,
                last_seen_at bigint NOT NULL,
                expires_at bigint NOT NULL,
                user_agent text NOT NULL
            );
            CREATE UNIQUE INDEX sessions_token_hash ON sessions (token_hash);
            CREATE INDEX sessions_account_id ON sessions (account_id);

            CREATE TABLE signing_keys (
                seq bigint GENERATED ALWAYS AS IDENTITY,
                key_id text PRIMARY KEY,
                algorithm text NOT NULL,
                sealed_private_key bytea NOT NULL,
                public_jwk text NOT NULL,
                created_at bigint NOT NULL,
                retired_at bigint
            );
            """),
        PostgresMigration(version: 2, sql: """
            CREATE TABLE password_credentials (
                account_id text PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
                password_hash text NOT NULL,
                verified_at bigint,
                updated_at bigint NOT NULL
            );

            CREATE TABLE one_time_codes (
                purpose text NOT NULL,
                subject text NOT NULL,
                code_mac bytea NOT NULL,
                expires_at bigint NOT NULL,
                attempts integer NOT NULL,
                PRIMARY KEY (purpose, subject)
            );
            CREATE INDEX one_time_codes_expires_at ON one_time_codes (expires_at);
            """),
        PostgresMigration(version: 3, sql: """
            CREATE TABLE passkey_credentials (
                seq bigint GENERATED ALWAYS AS IDENTITY,
                credential_id bytea PRIMARY KEY,
                account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                public_key bytea NOT NULL,
                sign_count bigint NOT NULL,
                backup_eligible integer NOT NULL,
                backed_up integer NOT NULL,
                transports text NOT NULL,
                aaguid bytea NOT NULL,
                name text NOT NULL,
                created_at bigint NOT NULL,
                last_used_at bigint,
                clone_warning_at bigint
            );
            CREATE INDEX passkey_credentials_account_id ON passkey_credentials (account_id);

            CREATE TABLE passkey_challenges (
                challenge_hash bytea PRIMARY KEY,
                purpose text NOT NULL,
                account_id text,
                display_name text,
                expires_at bigint NOT NULL
            );
            CREATE INDEX passkey_challenges_expires_at ON passkey_challenges (expires_at);
            """),
    ]

    /// The newest version this build knows.
    static var latestVersion: Int { all.last?.version ?? 0 }

    /// The ledger of applied migrations; created before anything else, so it exists in every version.
    static let createLedger = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version integer PRIMARY KEY,
            applied_at bigint NOT NULL
        )
        """

    /// The advisory lock every migrating instance takes first, so instances starting together migrate one
    /// after another (advisory locks are per database). The value is "VESTIBUL" in ASCII.
    static let lockKey: Int64 = 0x5645_5354_4942_554C

    /// The highest version recorded in the connection's database; 0 for a database never migrated.
    static func appliedVersion(on connection: PostgresConnection) throws(StoreError) -> Int {
        let ledgerExists = try connection.query(
            "SELECT to_regclass('schema_migrations') IS NOT NULL", prepared: false
        ).firstRow { row throws(StoreError) in try row.boolean(0) } ?? false
        guard ledgerExists else { return 0 }
        let version = try connection.query(
            "SELECT coalesce(max(version), 0) FROM schema_migrations", prepared: false
        ).firstRow { row throws(StoreError) in try row.integer(0) }
        return Int(version ?? 0)
    }

    /// Applies the next migration the database lacks, in a transaction that first takes the migration lock,
    /// so a failure leaves nothing half-applied and two instances never apply the same migration.
    /// Returns its version, or `nil` when the database is current.
    static func applyNext(on connection: PostgresConnection) throws(StoreError) -> Int? {
        try connection.transaction { connection throws(StoreError) -> Int? in
            try connection.execute("SELECT pg_advisory_xact_lock(\(lockKey))")
            try connection.execute(createLedger)
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
            try connection.query(
                "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                [Int64(next.version), Date()],
                prepared: false
            )
            return next.version
        }
    }
}
