import Foundation
public import VestibuleLogging
import VestibuleCore

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

    /// `vestibule rotate-signing-key`: a new key signs from now on; the old one stays published for
    /// ``SigningKeys/retiredKeyPublication``. Returns the new key id.
    public static func rotateSigningKey(
        configuration: Configuration,
        environment: [String: String],
        logger: Logger
    ) throws(StartupError) -> String {
        let store = try openStore(configuration: configuration)
        defer { store.close() }
        try migrate(store, logger: logger)
        let secretBox = try SecretKeyFile.secretBox(
            SecretKeyFile.load(dataDirectory: configuration.dataDirectory, environment: environment)
        )
        do {
            return try SigningKeys(store: store, secretBox: secretBox, clock: { Date() }).rotate()
        } catch {
            throw StartupError(error.description)
        }
    }
}
