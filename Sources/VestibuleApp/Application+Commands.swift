public import Foundation
public import VestibuleLogging
public import VestibuleCore
public import VestibuleCrypto

extension Application {
    /// `vestibule migrate`: applies pending migrations. Returns the versions applied and the schema version.
    public static func migrate(configuration: Configuration, logger: Logger) throws(StartupError)
        -> (applied: [Int], version: Int)
    {
        let store = try openStore(configuration: configuration)
        defer { store.close() }
        let applied = try migrate(store, logger: logger)
        do { return (applied, try store.schemaVersion()) } catch { throw StartupError("\(error)") }
    }

    /// `vestibule rotate-signing-key`: a new key per algorithm signs from now on; the old ones stay published for
    /// ``SigningKeys/retiredKeyPublication``. Returns the new key ids, by algorithm.
    public static func rotateSigningKey(
        configuration: Configuration,
        environment: [String: String],
        logger: Logger
    ) throws(StartupError) -> [(algorithm: JWSAlgorithm, keyID: String)] {
        let store = try openStore(configuration: configuration)
        defer { store.close() }
        try migrate(store, logger: logger)
        let secretBox = try SecretKeyFile.secretBox(
            SecretKeyFile.load(dataDirectory: configuration.dataDirectory, environment: environment)
        )
        do {
            let keys = SigningKeys(store: store, secretBox: secretBox, clock: { Date() })
            return try SigningKeys.algorithms.map { algorithm throws(SigningKeys.Failure) in (algorithm, try keys.rotate(algorithm)) }
        } catch {
            throw StartupError(error.description)
        }
    }
}

extension Application {
    /// `vestibule events`: the audit trail, newest first, at most `limit`, of one account or everyone's, from
    /// `since` on when given. Reads only: a database not migrated to the audit trail yet is refused with a reason.
    public static func auditEvents(
        configuration: Configuration, account: AccountID?, since: Date?, limit: Int
    ) throws(StartupError) -> [AuditEvent] {
        let store = try openStore(configuration: configuration)
        defer { store.close() }
        do {
            return try store.auditEvents(of: account, since: since, limit: limit)
        } catch {
            throw StartupError("Cannot read the audit trail (\(configuration.databaseDescription)): \(error)")
        }
    }
}
