/// Everything Vestibule keeps, behind one interface with two backends: SQLite for one instance, PostgreSQL
/// for several. Both must pass the same behavioural suite (`Tests/VestibuleStoreTests`).
///
/// Calls block the calling thread (SQLite and libpq are blocking C libraries). Vestibule calls them from
/// the HTTP server's worker threads, never from Swift's cooperative pool.
///
/// The requirements live in one protocol per aggregate (`Storage/*Store.swift`); a use case holds only the ones
/// it touches (``SessionManager`` holds an `any SessionStore`), while the composition root and the backends deal
/// in the whole.
///
/// `Store` is a protocol that refines them all rather than a typealias of their composition: an `any Store`
/// then carries one witness table instead of fourteen, conformances and documentation have one name to point
/// at, and it converts implicitly to any of the narrower existentials a use case asks for.
public protocol Store:
    StoreLifecycle, AccountStore, SessionStore, PasswordStore, OneTimeCodeStore, SigningKeyStore, PasskeyStore,
    AppleStore, AccountFieldStore, PendingStepStore, GuestStore, DocumentStore, AttemptStore, OpenIDStore, AuditStore,
    OperatorStore, RecoveryLinkStore
{}
