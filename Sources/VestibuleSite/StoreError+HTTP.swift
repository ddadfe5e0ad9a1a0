public import VestibuleCore
public import VestibuleHTTP

/// A database that cannot be reached, read or written (PostgreSQL restarting, a full disk) is an outage the
/// client may wait out: 503. A conflict or corrupt data is not.
extension StoreError: UnavailabilityError {
    public var makesServiceUnavailable: Bool { code == .unavailable }
}
