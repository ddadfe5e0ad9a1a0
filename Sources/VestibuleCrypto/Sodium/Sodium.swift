internal import CSodium

/// libsodium's one-time initialisation.
enum Sodium {
    /// `sodium_init()` runs once, on first use: Swift initialises a global or static `let` lazily
    /// under `swift_once` (a `pthread_once`-style barrier), so concurrent first callers wait for the
    /// one initialiser and every later read sees its result. `sodium_init` is itself idempotent and
    /// thread-safe since libsodium 1.0.11, so this is belt and braces, not a correctness crutch.
    private static let initialized: Bool = sodium_init() >= 0

    /// Makes sure libsodium is ready; call before any libsodium function.
    ///
    /// Stops the process if libsodium cannot initialise (no usable randomness source): continuing
    /// would hand out predictable keys and salts.
    static func ensureInitialized() {
        precondition(initialized, "libsodium could not be initialised")
    }
}
