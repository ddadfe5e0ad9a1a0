public import Foundation
public import VestibuleCore

extension SQLiteStore {
    /// Stores a new signing key. - Throws: `.conflict` when its key id exists.
    public func insertSigningKey(_ key: StoredSigningKey) throws(StoreError) {
        try write("insertSigningKey") { connection throws(StoreError) in
            try connection.run(
                "INSERT INTO signing_keys (\(StoredSigningKey.columns)) VALUES (?, ?, ?, ?, ?, ?)",
                [key.keyID, key.algorithm, key.sealedPrivateKey, key.publicJWK, key.createdAt, key.retiredAt]
            )
        }
    }

    /// Every stored signing key, newest first.
    public func signingKeys() throws(StoreError) -> [StoredSigningKey] {
        try read("signingKeys") { connection throws(StoreError) in
            // rowid breaks ties between keys created in the same millisecond: the later insert is newer.
            try connection.rows(
                "SELECT \(StoredSigningKey.columns) FROM signing_keys ORDER BY created_at DESC, rowid DESC",
                [],
                StoredSigningKey.init
            )
        }
    }

    /// Records when the key stopped signing. - Throws: `.notFound` when no key has `keyID`.
    public func retireSigningKey(keyID: String, at date: Date) throws(StoreError) {
        try write("retireSigningKey") { connection throws(StoreError) in
            let changed = try connection.run("UPDATE signing_keys SET retired_at = ? WHERE key_id = ?", [date, keyID])
            guard changed > 0 else { throw StoreError(.notFound, "no such signing key") }
        }
    }
}

extension StoredSigningKey {
    /// The columns `init(row:)` decodes, in order.
    fileprivate static let columns = "key_id, algorithm, sealed_private_key, public_jwk, created_at, retired_at"

    fileprivate init(row: Row) throws(StoreError) {
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
