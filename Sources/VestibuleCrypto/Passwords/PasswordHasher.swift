public import VestibuleMetrics

/// Argon2id password hashing (RFC 9106) through libsodium, stored as PHC strings
/// (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`).
///
/// Hashing and verifying are deliberately slow (about 17 ms with the defaults) and block the
/// calling thread: call them off Swift's cooperative pool.
public struct PasswordHasher: Sendable {
    /// The parameters new hashes are made with.
    public let parameters: Parameters
    private let gate: HashingGate

    /// - Parameters:
    ///   - maximumConcurrentHashes: hashes and verifications allowed to run at once. One per core by default
    ///     (`nil`), where throughput peaks and memory stays bounded.
    ///   - maximumWaiting: further callers that may wait for a turn; beyond them a call fails at once with
    ///     ``CryptoError/Code/busy``. As many as run at once by default (`nil`).
    ///   - metrics: where the waiting hashes and their waits are reported.
    public init(
        parameters: Parameters = .owasp, maximumConcurrentHashes: Int? = nil, maximumWaiting: Int? = nil,
        metrics: MetricsRegistry = MetricsRegistry()
    ) {
        self.parameters = parameters
        self.gate = HashingGate(limit: maximumConcurrentHashes, waiting: maximumWaiting, metrics: metrics)
    }

    /// Hashes `password` with a fresh random salt.
    /// - Throws: `.invalidParameters` if ``parameters`` are outside ``Parameters/accepted``,
    ///   `.libraryFailure` if libsodium cannot allocate the memory, `.busy` when too many hashes wait already.
    public func hash(_ password: String) throws(CryptoError) -> String {
        guard parameters.isAccepted else { throw CryptoError(.invalidParameters, "Argon2id parameters out of range") }
        let encoded = try gate.run {
            Sodium.argon2idHash(password, iterations: parameters.iterations, memoryKiB: parameters.memoryKiB)
        }
        guard let encoded else { throw CryptoError(.libraryFailure, "crypto_pwhash_str_alg failed") }
        return encoded
    }

    /// Whether `password` matches `encoded`, compared in constant time.
    ///
    /// Returns false, never traps, for anything that is not an Argon2id PHC string within
    /// ``Parameters/accepted`` limits: a stored hash with absurd parameters must not be able to
    /// make a sign-in allocate gigabytes.
    ///
    /// - Throws: `.busy` when too many hashes wait already: nothing was compared.
    public func verify(_ password: String, against encoded: String) throws(CryptoError) -> Bool {
        guard let stored = Parameters(phc: encoded), stored.isAccepted,
              encoded.utf8.count < Sodium.argon2idStringBytes
        else { return false }
        return try gate.run { Sodium.argon2idVerify(password, against: encoded) }
    }

    /// Whether `encoded` was made with parameters other than ``parameters`` (or is not a valid
    /// Argon2id hash), so the password should be hashed again at the next successful sign-in.
    public func needsRehash(_ encoded: String) -> Bool {
        Parameters(phc: encoded) != parameters
    }

    /// An Argon2id hash, with the default parameters, of a random password that was discarded.
    ///
    /// Verify against it when the account does not exist, so that an unknown account costs the
    /// same time as a wrong password and response times do not reveal which accounts exist.
    public static let dummyHash =
        "$argon2id$v=19$m=19456,t=2,p=1$M23XrByXrnAxnH8xS1dYCA$IsVJeRdjwUyRBlSCPbYuQ72k26dsG9Z75fr+jpA8Oiw"
}
