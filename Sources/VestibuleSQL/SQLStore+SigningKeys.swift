package import Foundation
package import VestibuleCore

extension SQLStore {
    /// Stores a new signing key. - Throws: `.conflict` when its key id exists.
    public func insertSigningKey(_ key: StoredSigningKey) throws(StoreError) {
        try writing("insertSigningKey") { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO signing_keys (\(StoredSigningKey.columns)) VALUES (
                    \(key.keyID), \(key.algorithm), \(key.sealedPrivateKey), \(key.publicJWK), \(key.createdAt),
                    \(key.retiredAt)
                )
                """
            )
        }
    }

    /// Every stored signing key, newest first.
    public func signingKeys() throws(StoreError) -> [StoredSigningKey] {
        try reading("signingKeys") { connection throws(StoreError) in
            // The insertion order breaks ties between keys created in the same millisecond: the later is newer.
            try connection.rows(
                """
                SELECT \(StoredSigningKey.columns) FROM signing_keys
                ORDER BY created_at DESC, \(.insertionOrder) DESC
                """,
                StoredSigningKey.init
            )
        }
    }

    /// Records when the key stopped signing. - Throws: `.notFound` when no key has `keyID`.
    public func retireSigningKey(keyID: String, at date: Date) throws(StoreError) {
        try writing("retireSigningKey") { connection throws(StoreError) in
            let changed = try connection.run("UPDATE signing_keys SET retired_at = \(date) WHERE key_id = \(keyID)")
            guard changed > 0 else { throw StoreError(.notFound, "no such signing key") }
        }
    }
}

extension StoredSigningKey {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns: SQL = "key_id, algorithm, sealed_private_key, public_jwk, created_at, retired_at"

    fileprivate init(row: SQLRow) throws(StoreError) {
        self.init(
            keyID: try row.text(0),
            algorithm: try row.text(1),
            sealedPrivateKey: try row.blob(2),
            publicJWK: try row.text(3),
            createdAt: try row.date(4),
            retiredAt: try row.optionalDate(5)
        )
    }
}
