internal import VestibuleCrypto

/// Challenges for registration and authentication ceremonies.
///
/// This module only compares a response's challenge with the expected bytes. Making each challenge
/// single use and short-lived (store it with the ceremony, delete it on first use, expire it after a
/// few minutes) is the job of the storage layer that calls the verifiers.
public enum Challenge {
    /// 32 cryptographically random bytes.
    public static func generate() -> [UInt8] { SecureRandom.bytes(32) }
}
