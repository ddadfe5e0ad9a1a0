/// Addresses of pages that other layers name (the JSON API sends a browser on to them, the log points a
/// developer at them), so only the pages' module defines their routes' types.
package enum SitePath {
    /// The first page after an account is made: first-time name, relay address, what to do next.
    package static let welcome = "/welcome"
    /// Development mode's outbox: every email Vestibule would have sent.
    package static let outbox = "/dev/outbox"
}
