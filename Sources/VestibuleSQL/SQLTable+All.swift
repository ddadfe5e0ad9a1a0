extension SQLTable {
    /// Every table that holds data, parents before the tables whose foreign keys point at them. A migration
    /// that adds a table or column adds it here too (`SQLTableTests` compares this list with both schemas).
    package static let all: [SQLTable] = [
        SQLTable("accounts", key: ["id"], [
            ("id", .text), ("display_name", .text), ("email", .text), ("created_at", .integer),
            ("handed_over_email", .text), ("handed_over_email_app_id", .text), ("disabled_at", .integer),
        ]),
        SQLTable("identities", key: ["method", "subject"], keepsInsertionOrder: true, [
            ("account_id", .text), ("method", .text), ("subject", .text), ("email", .text), ("created_at", .integer),
            ("last_used_at", .integer),
        ]),
        SQLTable("sessions", key: ["id"], keepsInsertionOrder: true, [
            ("id", .text), ("account_id", .text), ("token_hash", .blob), ("method", .text), ("created_at", .integer),
            ("last_seen_at", .integer), ("expires_at", .integer), ("user_agent", .text), ("app_id", .text),
        ]),
        SQLTable("apple_identities", key: ["subject"], keepsInsertionOrder: true, [
            ("subject", .text), ("account_id", .text), ("client_id", .text), ("sealed_refresh_token", .blob),
            ("is_private_email", .integer), ("forwarding_disabled_at", .integer), ("updated_at", .integer),
        ]),
        SQLTable("apple_notifications", key: ["id"], [("id", .text), ("received_at", .integer)]),
        SQLTable("apple_revocations", key: ["id"], [
            ("id", .text), ("client_id", .text), ("sealed_token", .blob), ("attempts", .integer),
            ("next_attempt_at", .integer), ("created_at", .integer),
        ]),
        SQLTable("password_credentials", key: ["account_id"], [
            ("account_id", .text), ("password_hash", .text), ("verified_at", .integer), ("updated_at", .integer),
        ]),
        SQLTable("one_time_codes", key: ["purpose", "subject"], [
            ("purpose", .text), ("subject", .text), ("seed", .blob), ("expires_at", .integer),
            ("attempts", .integer), ("daily_attempts", .integer), ("counting_since", .integer),
        ]),
        SQLTable("signing_keys", key: ["key_id"], keepsInsertionOrder: true, [
            ("key_id", .text), ("algorithm", .text), ("sealed_private_key", .blob), ("public_jwk", .text),
            ("created_at", .integer), ("retired_at", .integer),
        ]),
        SQLTable("passkey_credentials", key: ["credential_id"], keepsInsertionOrder: true, [
            ("credential_id", .blob), ("account_id", .text), ("public_key", .blob), ("sign_count", .integer),
            ("backup_eligible", .integer), ("backed_up", .integer), ("transports", .text), ("aaguid", .blob),
            ("name", .text), ("created_at", .integer), ("last_used_at", .integer), ("clone_warning_at", .integer),
        ]),
        SQLTable("passkey_challenges", key: ["challenge_hash"], [
            ("challenge_hash", .blob), ("purpose", .text), ("account_id", .text), ("display_name", .text),
            ("expires_at", .integer),
        ]),
        SQLTable("account_fields", key: ["account_id", "name"], [
            ("account_id", .text), ("name", .text), ("value", .text), ("given_at", .integer),
        ]),
        SQLTable("pending_steps", key: ["kind", "handle_hash"], [
            ("kind", .text), ("handle_hash", .blob), ("sealed_payload", .blob), ("expires_at", .integer),
        ]),
        SQLTable("rate_limit_attempts", key: ["key_hash"], [
            ("key_hash", .blob), ("window_start", .integer), ("expires_at", .integer), ("attempts", .integer),
        ]),
        SQLTable("guests", key: ["id"], [
            ("id", .text), ("token_hash", .blob), ("created_at", .integer), ("last_seen_at", .integer),
        ]),
        SQLTable("documents", key: ["id"], [
            ("id", .text), ("account_id", .text), ("guest_id", .text), ("name", .text), ("version", .integer),
            ("body", .blob), ("updated_at", .integer),
        ]),
        SQLTable("openid_grants", key: ["id"], [
            ("id", .text), ("account_id", .text), ("app_id", .text), ("browser_session_id", .text), ("scopes", .text),
            ("method", .text), ("auth_time", .integer), ("code_hash", .blob), ("refresh_token_hash", .blob),
            ("previous_refresh_token_hash", .blob), ("created_at", .integer), ("expires_at", .integer),
            ("session_ended_at", .integer),
        ]),
        SQLTable("openid_consents", key: ["account_id", "app_id"], [
            ("account_id", .text), ("app_id", .text), ("scopes", .text), ("granted_at", .integer),
        ]),
        SQLTable("openid_backchannel_logouts", key: ["id"], [
            ("id", .text), ("app_id", .text), ("subject", .text), ("sid", .text), ("attempts", .integer),
            ("next_attempt_at", .integer), ("created_at", .integer),
        ]),
        SQLTable("audit_events", key: ["id"], keepsInsertionOrder: true, [
            ("id", .text), ("occurred_at", .integer), ("kind", .text), ("outcome", .text), ("account_id", .text),
            ("method", .text), ("app_id", .text), ("detail", .text), ("client_address", .text), ("user_agent", .text),
            ("operator_id", .text),
        ]),
        SQLTable("operators", key: ["account_id"], [("account_id", .text), ("added_at", .integer)]),
        SQLTable("operator_invitations", key: ["token_hash"], [
            ("token_hash", .blob), ("email", .text), ("expires_at", .integer),
        ]),
        SQLTable("recovery_links", key: ["token_hash"], [
            ("token_hash", .blob), ("account_id", .text), ("expires_at", .integer),
        ]),
    ]

    /// The migration ledger (``SQLSchema``): copied with the data, so the target records the source's history.
    package static let ledger = SQLTable("schema_migrations", key: ["version"], [
        ("version", .integer), ("applied_at", .integer),
    ])
}
