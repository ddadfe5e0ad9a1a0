/// One versioned change to a backend's schema. Migrations are append-only: a released one never changes, a new
/// version is added instead, because databases in the field have already applied the old ones. Both backends
/// have the same versions, each in its own SQL.
package struct SQLMigration: Sendable {
    package let version: Int
    let sql: String

    package init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }
}
