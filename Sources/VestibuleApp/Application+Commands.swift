public import Foundation
public import VestibuleLogging
public import VestibuleCore
public import VestibuleCrypto
import VestibuleConsole

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

extension Application {
    /// What `vestibule operators add` did.
    public enum OperatorAddition: Sendable {
        /// The account is an operator now (or was already).
        case added(Account)
        /// No account has the email yet: whoever signs up with it and opens `link` within an hour becomes one.
        case invited(link: String)
    }

    /// `vestibule operators add`: makes the account with this email or id an operator; for an email no account
    /// has yet, a one-time link instead (the first operator of a fresh installation).
    public static func addOperator(_ who: String, configuration: Configuration) throws(StartupError) -> OperatorAddition {
        try withMigratedStore(configuration) { store throws(StoreError) in
            if let account = try operatorCandidate(who, in: store) {
                try store.addOperator(account.id, at: Date())
                try AuditTrail.commandLine(store).record(.operatorAdded, account: account.id, source: .none)
                return .added(account)
            }
            guard let email = try? EmailAddress(who) else {
                throw StoreError(.notFound, "no account has the id \(who), and it is not an email address")
            }
            let token = try OperatorInvitations(store: store, clock: { Date() }).create(for: email)
            return .invited(link: configuration.origin + ConsolePath(root: configuration.consolePath).invitation + "?token=" + token)
        }
    }

    /// `vestibule operators remove`: returns the account that is no longer an operator.
    public static func removeOperator(_ who: String, configuration: Configuration) throws(StartupError) -> Account {
        try withMigratedStore(configuration) { store throws(StoreError) in
            guard let account = try operatorCandidate(who, in: store), try store.removeOperator(account.id) else {
                throw StoreError(.notFound, "\(who) is not an operator")
            }
            try AuditTrail.commandLine(store).record(.operatorRemoved, account: account.id, source: .none)
            return account
        }
    }

    /// `vestibule operators list`: every operator, oldest first.
    public static func operators(configuration: Configuration) throws(StartupError) -> [(account: Account, since: Date)] {
        try withMigratedStore(configuration) { store throws(StoreError) in try store.operators() }
    }

    /// The account whose id is `who`, or whose email is exactly `who` (ignoring case).
    private static func operatorCandidate(_ who: String, in store: any Store) throws(StoreError) -> Account? {
        if let account = try store.account(id: AccountID(rawValue: who)) { return account }
        guard let email = try? EmailAddress(who) else { return nil }
        return try store.searchAccounts(matching: email.value, limit: 50).first {
            $0.email.flatMap { try? EmailAddress($0) } == email
        }
    }

    /// Runs `body` on the store, migrated first; a store error becomes one sentence.
    private static func withMigratedStore<R>(
        _ configuration: Configuration, _ body: (any Store) throws(StoreError) -> R
    ) throws(StartupError) -> R {
        let store = try openStore(configuration: configuration)
        defer { store.close() }
        do {
            try store.migrate()
            return try body(store)
        } catch {
            throw StartupError(error.description)
        }
    }
}

extension AuditTrail {
    /// The trail as commands record in it: nothing about a client, the retention is the janitor's business.
    static func commandLine(_ store: any Store) -> AuditTrail {
        AuditTrail(store: store, retention: .infinity, clock: { Date() })
    }
}
