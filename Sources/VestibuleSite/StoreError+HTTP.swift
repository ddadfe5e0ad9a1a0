public import VestibuleCore
public import VestibuleHTTP

/// A database that cannot be reached, read or written (PostgreSQL restarting, a full disk) is an outage, answered
/// 503 from a page or the API alike; a corrupt or incompatible database stays a 500.
extension StoreError: OutageError {
    public var isOutage: Bool { code == .unavailable }
}
