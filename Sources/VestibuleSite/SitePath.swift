/// Addresses of pages that the JSON API sends a browser on to, so the API names no page type.
package enum SitePath {
    /// The first page after an account is made: first-time name, relay address, what to do next.
    package static let welcome = "/welcome"
}
