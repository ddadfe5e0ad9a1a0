package import VestibuleSQL

extension PostgresStore {
    /// The PostgreSQL schema: the SQLite migrations with the same versions, in PostgreSQL's SQL. Dates are
    /// `bigint` milliseconds (as SQLite's integers), bytes are `bytea`, and tables whose lists are ordered by
    /// insertion get an identity column `seq` (SQLite has its `rowid`).
    package static let schema = SQLSchema(
        migrations: [
            SQLMigration(version: 1, sql: """
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
            SQLMigration(version: 2, sql: """
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
            SQLMigration(version: 3, sql: """
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
            SQLMigration(version: 4, sql: """
            CREATE TABLE apple_identities (
                seq bigint GENERATED ALWAYS AS IDENTITY,
                subject text PRIMARY KEY,
                account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                client_id text NOT NULL,
                sealed_refresh_token bytea,
                is_private_email integer NOT NULL,
                forwarding_disabled_at bigint,
                updated_at bigint NOT NULL
            );
            CREATE INDEX apple_identities_account_id ON apple_identities (account_id);

            CREATE TABLE apple_notifications (
                id text PRIMARY KEY,
                received_at bigint NOT NULL
            );

            CREATE TABLE apple_revocations (
                id text PRIMARY KEY,
                client_id text NOT NULL,
                sealed_token bytea NOT NULL,
                attempts integer NOT NULL,
                next_attempt_at bigint NOT NULL,
                created_at bigint NOT NULL
            );

            CREATE TABLE pending_steps (
                kind text NOT NULL,
                handle_hash bytea NOT NULL,
                sealed_payload bytea NOT NULL,
                expires_at bigint NOT NULL,
                PRIMARY KEY (kind, handle_hash)
            );
            CREATE INDEX pending_steps_expires_at ON pending_steps (expires_at);
            """),
            SQLMigration(version: 5, sql: """
            CREATE TABLE rate_limit_attempts (
                key_hash bytea PRIMARY KEY,
                window_start bigint NOT NULL,
                expires_at bigint NOT NULL,
                attempts integer NOT NULL
            );
            CREATE INDEX rate_limit_attempts_expires_at ON rate_limit_attempts (expires_at);
            """),
            SQLMigration(version: 6, sql: """
            CREATE TABLE guests (
                id text PRIMARY KEY,
                token_hash bytea NOT NULL,
                created_at bigint NOT NULL,
                last_seen_at bigint NOT NULL
            );
            CREATE UNIQUE INDEX guests_token_hash ON guests (token_hash);
            CREATE INDEX guests_last_seen_at ON guests (last_seen_at);

            CREATE TABLE documents (
                id text PRIMARY KEY,
                account_id text REFERENCES accounts (id) ON DELETE CASCADE,
                guest_id text REFERENCES guests (id) ON DELETE CASCADE,
                name text NOT NULL,
                version integer NOT NULL,
                body bytea NOT NULL,
                updated_at bigint NOT NULL,
                CHECK ((account_id IS NULL) <> (guest_id IS NULL))
            );
            CREATE UNIQUE INDEX documents_account_name ON documents (account_id, name);
            CREATE UNIQUE INDEX documents_guest_name ON documents (guest_id, name);
            """),
            SQLMigration(version: 7, sql: """
            CREATE TABLE account_fields (
                account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                name text NOT NULL,
                value text NOT NULL,
                given_at bigint NOT NULL,
                PRIMARY KEY (account_id, name)
            );
            """),
            SQLMigration(version: 8, sql: """
            DROP TABLE one_time_codes;
            CREATE TABLE one_time_codes (
                purpose text NOT NULL,
                subject text NOT NULL,
                seed bytea NOT NULL,
                expires_at bigint NOT NULL,
                attempts integer NOT NULL,
                daily_attempts integer NOT NULL,
                counting_since bigint NOT NULL,
                PRIMARY KEY (purpose, subject)
            );
            CREATE INDEX one_time_codes_expires_at ON one_time_codes (expires_at);
            """),
            SQLMigration(version: 9, sql: """
            ALTER TABLE sessions ADD COLUMN app_id text;
            """),
            // The address an app handed over at a sign-up, kept apart from the confirmed one (HandedOverEmail).
            SQLMigration(version: 10, sql: """
            ALTER TABLE accounts ADD COLUMN handed_over_email text;
            ALTER TABLE accounts ADD COLUMN handed_over_email_app_id text;
            """),
            // OpenID Connect (issue #15): the grants behind apps' tokens, people's consents, back-channel logouts
            // waiting for their app. A grant names its browser session without a foreign key: the session ends
            // first, and the grant learns it (session_ended_at) when its app has been told.
            SQLMigration(version: 11, sql: """
            CREATE TABLE openid_grants (
                id text PRIMARY KEY,
                account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                app_id text NOT NULL,
                browser_session_id text NOT NULL,
                scopes text NOT NULL,
                method text NOT NULL,
                auth_time bigint NOT NULL,
                code_hash bytea NOT NULL UNIQUE,
                refresh_token_hash bytea NOT NULL UNIQUE,
                previous_refresh_token_hash bytea,
                created_at bigint NOT NULL,
                expires_at bigint NOT NULL,
                session_ended_at bigint
            );
            CREATE INDEX openid_grants_account_id ON openid_grants (account_id);
            CREATE INDEX openid_grants_previous_refresh_token_hash ON openid_grants (previous_refresh_token_hash);
            CREATE INDEX openid_grants_browser_session_id ON openid_grants (browser_session_id);
            CREATE TABLE openid_consents (
                account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                app_id text NOT NULL,
                scopes text NOT NULL,
                granted_at bigint NOT NULL,
                PRIMARY KEY (account_id, app_id)
            );
            CREATE TABLE openid_backchannel_logouts (
                id text PRIMARY KEY,
                app_id text NOT NULL,
                subject text NOT NULL,
                sid text NOT NULL,
                attempts integer NOT NULL,
                next_attempt_at bigint NOT NULL,
                created_at bigint NOT NULL
            );
            CREATE INDEX openid_backchannel_logouts_next_attempt_at ON openid_backchannel_logouts (next_attempt_at);
            CREATE UNIQUE INDEX openid_backchannel_logouts_app_sid ON openid_backchannel_logouts (app_id, sid);
            """),
            // The audit trail (issue #16). No foreign key to accounts: an account's events are deleted with it by
            // `deleteAccount`, and the event of its deletion outlives it.
            SQLMigration(version: 12, sql: """
            CREATE TABLE audit_events (
                seq bigint GENERATED ALWAYS AS IDENTITY,
                id text PRIMARY KEY,
                occurred_at bigint NOT NULL,
                kind text NOT NULL,
                outcome text NOT NULL,
                account_id text,
                method text,
                app_id text,
                detail text,
                client_address text,
                user_agent text
            );
            CREATE INDEX audit_events_account_id ON audit_events (account_id, occurred_at);
            CREATE INDEX audit_events_occurred_at ON audit_events (occurred_at);
            """),
            // The operator console (issue #16): accounts an operator turned off, who acted in an event, the operators,
            // and the one-time links that make the first one.
            SQLMigration(version: 13, sql: """
            ALTER TABLE accounts ADD COLUMN disabled_at bigint;
            ALTER TABLE audit_events ADD COLUMN operator_id text;
            CREATE TABLE operators (
                account_id text PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
                added_at bigint NOT NULL
            );
            CREATE TABLE operator_invitations (
                token_hash bytea PRIMARY KEY,
                email text NOT NULL,
                expires_at bigint NOT NULL
            );
            """),
            // Recovery links an operator mails to a person who lost every way in (issue #16).
            SQLMigration(version: 14, sql: """
            CREATE TABLE recovery_links (
                token_hash bytea PRIMARY KEY,
                account_id text NOT NULL UNIQUE REFERENCES accounts (id) ON DELETE CASCADE,
                expires_at bigint NOT NULL
            );
            """),
        ],
        createLedger: """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version integer PRIMARY KEY,
                applied_at bigint NOT NULL
            )
            """,
        ledgerExists: "SELECT 1 WHERE to_regclass('schema_migrations') IS NOT NULL",
        // Instances starting together migrate one after another (advisory locks are per database; the key is
        // "VESTIBUL" in ASCII). The lock comes before creating the ledger, which two servers cannot do at once.
        lock: "SELECT pg_advisory_xact_lock(\(0x5645_5354_4942_554C as Int64))"
    )
}
