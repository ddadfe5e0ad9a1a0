import Foundation
import VestibuleCrypto

/// An app that uses Vestibule, as the operator registered it (the `apps` file, ``AppRegistry``): what it is
/// called, the key its server proves itself with, and what it may ask for. One registration serves every
/// integration: hand-offs and their return addresses, guest merges, access-token audiences; an OpenID Connect
/// client is an app with ``openID`` settings, its client id the app's id and its client secret the app's key.
public struct RegisteredApp: Sendable, Equatable {
    /// Names the app in logs, counters and stored hand-offs: lower-case letters, digits and `-`.
    public let id: String
    /// What people see: "Continue to Vestibule Books".
    public let name: String
    /// SHA-256 of the key the app's server sends in `X-Vestibule-App-Key` (and as its OpenID client secret); the
    /// key itself is never held. `nil` only for a public OpenID client, which has no server to keep a key.
    let keyDigest: [UInt8]?
    /// Where a hand-off may send the browser back, compared exactly (scheme, host, port, path): never any
    /// path on an origin, so a page of the app that leaks its URL cannot receive someone's code.
    public let returnURLs: [String]
    /// How the app's guests' documents meet an account's at sign-in; the app's choice, not a request's.
    public let mergeRule: DocumentMergeRule
    /// The `aud` values access tokens may be issued for on this app's behalf (`POST /api/v1/token`).
    public let audiences: [String]
    /// The app as an OpenID Connect client; `nil` for an app that uses only Vestibule's own API.
    public let openID: OpenIDClientSettings?

    public init(
        id: String, name: String, keyDigest: [UInt8]?, returnURLs: [String], mergeRule: DocumentMergeRule = .default,
        audiences: [String] = [], openID: OpenIDClientSettings? = nil
    ) {
        self.id = id
        self.name = name
        self.keyDigest = keyDigest
        self.returnURLs = returnURLs
        self.mergeRule = mergeRule
        self.audiences = audiences
        self.openID = openID
    }

    /// Whether `presented` is this app's key, compared in constant time.
    public func isKey(_ presented: String) -> Bool {
        guard let keyDigest else { return false }
        return ConstantTime.equals(keyDigest, SHA2.sha256(presented))
    }

    /// The origins of the return addresses: the app's own pages, which may embed the signed-in status.
    public var origins: [String] {
        returnURLs.compactMap(Self.origin(of:))
    }

    /// The web origin of an `http` or `https` address (`https://shop.example.com:8443`); `nil` for any other, such
    /// as a native app's private-use scheme, which no web page has.
    public static func origin(of address: String) -> String? {
        guard let url = URLComponents(string: address), let scheme = url.scheme, scheme == "https" || scheme == "http",
              let host = url.host
        else { return nil }
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }
}
