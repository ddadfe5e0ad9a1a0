public import Foundation
public import VestibuleCore

extension PostgresStore {
    /// Stores a new signing key. - Throws: `.conflict` when its key id exists.
    public func insertSigningKey(_ key: StoredSigningKey) throws(StoreError) {
        try withConnection("insertSigningKey") { connection throws(StoreError) in
            _ = try connection.query(
                "INSERT INTO signing_keys (\(StoredSigningKey.columns)) VALUES ($1, $2, $3, $4, $5, $6)",
                [key.keyID, key.algorithm, key.sealedPrivateKey, key.publicJWK, key.createdAt, key.retiredAt]
            )
        }
    }

    /// Every stored signing key, newest first.
    public func signingKeys() throws(StoreError) -> [StoredSigningKey] {
        try withConnection("signingKeys") { connection throws(StoreError) in
            // seq breaks ties between keys created in the same millisecond: the later insert is newer.
            try connection.query(
                "SELECT \(StoredSigningKey.columns) FROM signing_keys ORDER BY created_at DESC, seq DESC"
            ).rows(StoredSigningKey.init)
        }
    }

    /// Records when the key stopped signing. - Throws: `.notFound` when no key has `keyID`.
    public func retireSigningKey(keyID: String, at date: Date) throws(StoreError) {
        try withConnection("retireSigningKey") { connection throws(StoreError) in
            let changed = try connection.query(
                "UPDATE signing_keys SET retired_at = $1 WHERE key_id = $2", [date, keyID]
            ).changedRows
            guard changed > 0 else { throw StoreError(.notFound, "no such signing key") }
        }
    }
}

extension StoredSigningKey {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns = "key_id, algorithm, sealed_private_key, public_jwk, created_at, retired_at"

    fileprivate init(row: PostgresRow) throws(StoreError) {
        self.init(
            keyID: try row.text(0),
            algorithm: try row.text(1),
            sealedPrivateKey: try row.bytes(2),
            publicJWK: try row.text(3),
            createdAt: try row.date(4),
            retiredAt: try row.optionalDate(5)
        )
    }
}
