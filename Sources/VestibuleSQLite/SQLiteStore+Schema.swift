package import VestibuleSQL

extension SQLiteStore {
    /// The SQLite schema: dates are `INTEGER` milliseconds, bytes are `BLOB`, every table is `STRICT` (so a
    /// value of the wrong type is refused, not converted), and lists in insertion order use the `rowid`.
    package static let schema = SQLSchema(
        migrations: [
            SQLMigration(version: 1, sql: """
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
            SQLMigration(version: 2, sql: """
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
            SQLMigration(version: 3, sql: """
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
            SQLMigration(version: 4, sql: """
            CREATE TABLE apple_identities (
                subject TEXT PRIMARY KEY NOT NULL,
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                client_id TEXT NOT NULL,
                sealed_refresh_token BLOB,
                is_private_email INTEGER NOT NULL,
                forwarding_disabled_at INTEGER,
                updated_at INTEGER NOT NULL
            ) STRICT;
            CREATE INDEX apple_identities_account_id ON apple_identities (account_id);

            CREATE TABLE apple_notifications (
                id TEXT PRIMARY KEY NOT NULL,
                received_at INTEGER NOT NULL
            ) STRICT;

            CREATE TABLE apple_revocations (
                id TEXT PRIMARY KEY NOT NULL,
                client_id TEXT NOT NULL,
                sealed_token BLOB NOT NULL,
                attempts INTEGER NOT NULL,
                next_attempt_at INTEGER NOT NULL,
                created_at INTEGER NOT NULL
            ) STRICT;

            CREATE TABLE pending_steps (
                kind TEXT NOT NULL,
                handle_hash BLOB NOT NULL,
                sealed_payload BLOB NOT NULL,
                expires_at INTEGER NOT NULL,
                PRIMARY KEY (kind, handle_hash)
            ) STRICT;
            CREATE INDEX pending_steps_expires_at ON pending_steps (expires_at);
            """),
            // Rate-limit windows shared by instances (``SQLStore/recordAttempt(key:window:now:)``): keys only as
            // SHA-256 digests, and when each window ends, for the janitor.
            SQLMigration(version: 5, sql: """
            CREATE TABLE rate_limit_attempts (
                key_hash BLOB PRIMARY KEY NOT NULL,
                window_start INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                attempts INTEGER NOT NULL
            ) STRICT;
            CREATE INDEX rate_limit_attempts_expires_at ON rate_limit_attempts (expires_at);
            """),
            // Guests and their JSON documents (issue #7). A document belongs to an account or to a guest, never both
            // (the CHECK), and its name is unique per owner: a unique index does not compare NULLs, so each of the
            // two indexes binds only the rows of its kind of owner.
            SQLMigration(version: 6, sql: """
            CREATE TABLE guests (
                id TEXT PRIMARY KEY NOT NULL,
                token_hash BLOB NOT NULL,
                created_at INTEGER NOT NULL,
                last_seen_at INTEGER NOT NULL
            ) STRICT;
            CREATE UNIQUE INDEX guests_token_hash ON guests (token_hash);
            CREATE INDEX guests_last_seen_at ON guests (last_seen_at);

            CREATE TABLE documents (
                id TEXT PRIMARY KEY NOT NULL,
                account_id TEXT REFERENCES accounts (id) ON DELETE CASCADE,
                guest_id TEXT REFERENCES guests (id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                version INTEGER NOT NULL,
                body BLOB NOT NULL,
                updated_at INTEGER NOT NULL,
                CHECK ((account_id IS NULL) <> (guest_id IS NULL))
            ) STRICT;
            CREATE UNIQUE INDEX documents_account_name ON documents (account_id, name);
            CREATE UNIQUE INDEX documents_guest_name ON documents (guest_id, name);
            """),
            // What people gave for the operator's declared fields (the data policy), one value per field.
            SQLMigration(version: 7, sql: """
            CREATE TABLE account_fields (
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                value TEXT NOT NULL,
                given_at INTEGER NOT NULL,
                PRIMARY KEY (account_id, name)
            ) STRICT;
            """),
            // One-time codes kept from their seed, so a pending code is mailed again instead of replaced (and its
            // tries kept), and a day's count of guesses per purpose and address across codes (issue #13, finding 7).
            // Codes pending at the upgrade cannot be mailed again (only their MAC was kept): they are dropped,
            // and their owners ask for another.
            SQLMigration(version: 8, sql: """
            DROP TABLE one_time_codes;
            CREATE TABLE one_time_codes (
                purpose TEXT NOT NULL,
                subject TEXT NOT NULL,
                seed BLOB NOT NULL,
                expires_at INTEGER NOT NULL,
                attempts INTEGER NOT NULL,
                daily_attempts INTEGER NOT NULL,
                counting_since INTEGER NOT NULL,
                PRIMARY KEY (purpose, subject)
            ) STRICT;
            CREATE INDEX one_time_codes_expires_at ON one_time_codes (expires_at);
            """),
            // The app a hand-off's session was given to: such a session may not change how its account signs in
            // (issue #13, finding 13). Sessions made before are people's own.
            SQLMigration(version: 9, sql: """
            ALTER TABLE sessions ADD COLUMN app_id TEXT;
            """),
            // The address an app handed over at a sign-up, kept apart from the confirmed one (HandedOverEmail).
            SQLMigration(version: 10, sql: """
            ALTER TABLE accounts ADD COLUMN handed_over_email TEXT;
            ALTER TABLE accounts ADD COLUMN handed_over_email_app_id TEXT;
            """),
            // OpenID Connect (issue #15): the grants behind apps' tokens, people's consents, back-channel logouts
            // waiting for their app. A grant names its browser session without a foreign key: the session ends
            // first, and the grant learns it (session_ended_at) when its app has been told.
            SQLMigration(version: 11, sql: """
            CREATE TABLE openid_grants (
                id TEXT PRIMARY KEY NOT NULL,
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                app_id TEXT NOT NULL,
                browser_session_id TEXT NOT NULL,
                scopes TEXT NOT NULL,
                method TEXT NOT NULL,
                auth_time INTEGER NOT NULL,
                code_hash BLOB NOT NULL UNIQUE,
                refresh_token_hash BLOB NOT NULL UNIQUE,
                previous_refresh_token_hash BLOB,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL,
                session_ended_at INTEGER
            ) STRICT;
            CREATE INDEX openid_grants_account_id ON openid_grants (account_id);
            CREATE INDEX openid_grants_previous_refresh_token_hash ON openid_grants (previous_refresh_token_hash);
            CREATE INDEX openid_grants_browser_session_id ON openid_grants (browser_session_id);
            CREATE TABLE openid_consents (
                account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                app_id TEXT NOT NULL,
                scopes TEXT NOT NULL,
                granted_at INTEGER NOT NULL,
                PRIMARY KEY (account_id, app_id)
            ) STRICT;
            CREATE TABLE openid_backchannel_logouts (
                id TEXT PRIMARY KEY NOT NULL,
                app_id TEXT NOT NULL,
                subject TEXT NOT NULL,
                sid TEXT NOT NULL,
                attempts INTEGER NOT NULL,
                next_attempt_at INTEGER NOT NULL,
                created_at INTEGER NOT NULL
            ) STRICT;
            CREATE INDEX openid_backchannel_logouts_next_attempt_at ON openid_backchannel_logouts (next_attempt_at);
            CREATE UNIQUE INDEX openid_backchannel_logouts_app_sid ON openid_backchannel_logouts (app_id, sid);
            """),
            // The audit trail (issue #16). No foreign key to accounts: an account's events are deleted with it by
            // `deleteAccount`, and the event of its deletion outlives it.
            SQLMigration(version: 12, sql: """
            CREATE TABLE audit_events (
                id TEXT PRIMARY KEY NOT NULL,
                occurred_at INTEGER NOT NULL,
                kind TEXT NOT NULL,
                outcome TEXT NOT NULL,
                account_id TEXT,
                method TEXT,
                app_id TEXT,
                detail TEXT,
                client_address TEXT,
                user_agent TEXT
            ) STRICT;
            CREATE INDEX audit_events_account_id ON audit_events (account_id, occurred_at);
            CREATE INDEX audit_events_occurred_at ON audit_events (occurred_at);
            """),
            // The operator console (issue #16): accounts an operator turned off, who acted in an event, the operators,
            // and the one-time links that make the first one.
            SQLMigration(version: 13, sql: """
            ALTER TABLE accounts ADD COLUMN disabled_at INTEGER;
            ALTER TABLE audit_events ADD COLUMN operator_id TEXT;
            CREATE TABLE operators (
                account_id TEXT PRIMARY KEY NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                added_at INTEGER NOT NULL
            ) STRICT;
            CREATE TABLE operator_invitations (
                token_hash BLOB PRIMARY KEY NOT NULL,
                email TEXT NOT NULL,
                expires_at INTEGER NOT NULL
            ) STRICT;
            """),
            // Recovery links an operator mails to a person who lost every way in (issue #16).
            SQLMigration(version: 14, sql: """
            CREATE TABLE recovery_links (
                token_hash BLOB PRIMARY KEY NOT NULL,
                account_id TEXT NOT NULL UNIQUE REFERENCES accounts (id) ON DELETE CASCADE,
                expires_at INTEGER NOT NULL
            ) STRICT;
            """),
        ],
        createLedger: """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY NOT NULL,
                applied_at INTEGER NOT NULL
            ) STRICT
            """,
        ledgerExists: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
        // BEGIN IMMEDIATE takes the file's write lock, which already excludes every other process's writer.
        lock: nil
    )
}
