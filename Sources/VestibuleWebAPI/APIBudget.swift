/// Which rate limit an API call spends (``WebApp/jsonAPI(_:budget:_:)``), per client address, or per visitor of an
/// app's server.
enum APIBudget {
    /// Every call but the document calls: ``RateLimits/passkeyCeremoniesPerAddress``.
    case calls
    /// Document writes, which grow the database: ``RateLimits/documentWritesPerAddress``.
    case documentWrites
    /// Document reads and deletions, which an app's server makes for all its visitors from one address: they
    /// guess at no secret and store nothing.
    case none
}
