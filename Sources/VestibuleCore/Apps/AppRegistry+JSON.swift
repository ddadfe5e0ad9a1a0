import Foundation
import VestibuleCrypto
import VestibuleJSON

extension AppRegistry {
    /// Reads an apps file:
    ///
    /// ```json
    /// {"apps": [
    ///   {"id": "shop", "name": "Example Shop",
    ///    "keySHA256": "<64 hex digits: SHA-256 of the key the shop's server sends>",
    ///    "returnURLs": ["https://shop.example.com/account/return"],
    ///    "mergeRule": "keepBoth", "audiences": ["https://api.shop.example.com"],
    ///    "openID": {"redirectURIs": ["https://shop.example.com/oidc/callback"]}}
    /// ]}
    /// ```
    ///
    /// - Throws: ``AppRegistryError`` naming the app and the problem; nothing is half-read.
    public init(json bytes: [UInt8]) throws(AppRegistryError) {
        guard let document = JSONValue(parsing: bytes) else {
            throw AppRegistryError("is not JSON. Write {\"apps\": [{\"id\": …, \"name\": …, \"keySHA256\": …, \"returnURLs\": […]}]}.")
        }
        guard let object = document.objectValue, let entries = object["apps"]?.arrayValue,
              object.keys.allSatisfy({ $0 == "apps" })
        else {
            throw AppRegistryError("must be an object with one member, \"apps\", a list of apps: {\"apps\": [ … ]}.")
        }
        var apps: [RegisteredApp] = []
        for (index, entry) in entries.enumerated() {
            let app = try AppEntry(entry, index: index).app()
            guard !apps.contains(where: { $0.id == app.id }) else {
                throw AppRegistryError("app \"\(app.id)\" is registered twice; give each app its own id.")
            }
            guard app.keyDigest == nil || !apps.contains(where: { $0.keyDigest == app.keyDigest }) else {
                throw AppRegistryError("app \"\(app.id)\" has the key of another app; give each app its own key.")
            }
            apps.append(app)
        }
        self.init(apps)
    }

    /// Whether `uri` may receive back-channel logout tokens: a return address's rules, a query allowed.
    static func isAcceptableBackchannelURI(_ uri: String) -> Bool {
        guard var components = URLComponents(string: uri), components.fragment == nil else { return false }
        components.query = nil
        return components.string.map(isAcceptableReturnURL) ?? false
    }

    /// Whether `url` may be a return address: absolute, without credentials, query or fragment, and `https`
    /// unless it stays on this machine (`http` to a loopback host, for development).
    static func isAcceptableReturnURL(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased(), !host.isEmpty,
              components.user == nil, components.password == nil, components.query == nil, components.fragment == nil,
              url.hasPrefix(scheme + "://")
        else { return false }
        switch scheme {
        case "https": return true
        case "http": return host == "localhost" || host == "127.0.0.1" || host == "[::1]" || host == "::1"
        default: return false
        }
    }
}

/// One member of `apps`, checked key by key so that every message names the app and the key.
private struct AppEntry {
    static let keys: Set<String> = ["id", "name", "keySHA256", "returnURLs", "mergeRule", "audiences", "openID"]

    let members: [String: JSONValue]
    let id: String

    var subject: String { "app \"\(id)\"" }

    init(_ entry: JSONValue, index: Int) throws(AppRegistryError) {
        let place = "apps[\(index)]"
        guard let members = entry.objectValue else {
            throw AppRegistryError("\(place) must be an object like {\"id\": \"shop\", \"name\": \"Example Shop\", …}.")
        }
        guard let id = members["id"]?.stringValue,
              !id.isEmpty, id.utf8.count <= 64,
              id.utf8.allSatisfy({ (0x61...0x7a).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2d })
        else {
            throw AppRegistryError("\(place): \"id\" must be lower-case letters, digits and -, like \"shop\".")
        }
        self.members = members
        self.id = id
        if let unknown = members.keys.sorted().first(where: { !Self.keys.contains($0) }) {
            throw AppRegistryError("\(subject): \"\(unknown)\" is not a setting of an app; known: \(Self.keys.sorted().joined(separator: ", ")).")
        }
    }

    func app() throws(AppRegistryError) -> RegisteredApp {
        guard let name = members["name"]?.stringValue?.trimmingCharacters(in: .whitespaces), !name.isEmpty, name.count <= 80 else {
            throw AppRegistryError("\(subject): \"name\" must be what people know the app as, up to 80 characters, like \"Example Shop\".")
        }
        let openID = try members["openID"].map { value throws(AppRegistryError) in
            try OpenIDEntry(value, subject: subject).settings()
        }
        var digest: [UInt8]?
        switch (members["keySHA256"], openID?.isPublic ?? false) {
        case (nil, true):
            break
        case (.some, true):
            throw AppRegistryError(
                "\(subject): a public OpenID client has no key (it cannot keep one secret); remove \"keySHA256\" "
                    + "or make it confidential."
            )
        case (let value, false):
            guard let hex = value?.stringValue, let parsed = Self.digest(hex) else {
                throw AppRegistryError(
                    "\(subject): \"keySHA256\" must be the SHA-256 of the app's key in 64 hex digits "
                        + "(printf %s \"$KEY\" | sha256sum); the key itself stays with the app."
                )
            }
            digest = parsed
        }
        let returnURLs = try strings("returnURLs")
        guard !returnURLs.isEmpty || openID != nil else {
            throw AppRegistryError("\(subject): \"returnURLs\" must list at least one address a hand-off returns to.")
        }
        if let bad = returnURLs.first(where: { !AppRegistry.isAcceptableReturnURL($0) }) {
            throw AppRegistryError(
                "\(subject): the return address \"\(bad)\" must be an https URL without a query or fragment "
                    + "(http only for localhost, 127.0.0.1 or [::1])."
            )
        }
        var mergeRule = DocumentMergeRule.default
        if let value = members["mergeRule"] {
            guard let rule = value.stringValue.flatMap(DocumentMergeRule.init(rawValue:)) else {
                let rules = DocumentMergeRule.allCases.map(\.rawValue).joined(separator: ", ")
                throw AppRegistryError("\(subject): \"mergeRule\" must be one of \(rules).")
            }
            mergeRule = rule
        }
        let audiences = try strings("audiences")
        if let bad = audiences.first(where: { $0.isEmpty || $0.utf8.count > 512 }) {
            throw AppRegistryError("\(subject): the audience \"\(bad)\" must be 1 to 512 characters.")
        }
        return RegisteredApp(
            id: id, name: name, keyDigest: digest, returnURLs: returnURLs, mergeRule: mergeRule, audiences: audiences,
            openID: openID
        )
    }

    private func strings(_ key: String) throws(AppRegistryError) -> [String] {
        try members.strings(key, subject: subject)
    }

    private static func digest(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.lowercased().utf8)
        guard digits.count == 64, digits.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return nil
        }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 64, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}

/// An app's `openID` member: its settings as an OpenID Connect client.
private struct OpenIDEntry {
    static let keys: Set<String> = [
        "redirectURIs", "postLogoutRedirectURIs", "backchannelLogoutURI", "public", "requirePKCE", "firstParty",
        "idTokenAlgorithm",
    ]

    let members: [String: JSONValue]
    let subject: String

    init(_ value: JSONValue, subject: String) throws(AppRegistryError) {
        guard let members = value.objectValue else {
            throw AppRegistryError("\(subject): \"openID\" must be an object like {\"redirectURIs\": [\"https://…/callback\"]}.")
        }
        if let unknown = members.keys.sorted().first(where: { !Self.keys.contains($0) }) {
            throw AppRegistryError(
                "\(subject): \"openID.\(unknown)\" is not a setting of an OpenID client; known: "
                    + "\(Self.keys.sorted().joined(separator: ", "))."
            )
        }
        self.members = members
        self.subject = subject
    }

    func settings() throws(AppRegistryError) -> OpenIDClientSettings {
        let redirectURIs = try members.strings("redirectURIs", subject: subject)
        guard !redirectURIs.isEmpty else {
            throw AppRegistryError("\(subject): \"openID.redirectURIs\" must list the addresses the app receives its codes at.")
        }
        if let bad = redirectURIs.first(where: { !OpenIDClientSettings.isAcceptableRedirectURI($0) }) {
            throw AppRegistryError(
                "\(subject): the redirect URI \"\(bad)\" must be https, http to a loopback address, or a native app's "
                    + "reverse-domain scheme (com.example.app:/callback), without a fragment."
            )
        }
        let postLogout = try members.strings("postLogoutRedirectURIs", subject: subject)
        if let bad = postLogout.first(where: { !OpenIDClientSettings.isAcceptableRedirectURI($0) }) {
            throw AppRegistryError("\(subject): the post-logout address \"\(bad)\" must be https (http only to a loopback address).")
        }
        var backchannel: String?
        if let value = members["backchannelLogoutURI"] {
            guard let uri = value.stringValue, AppRegistry.isAcceptableBackchannelURI(uri) else {
                throw AppRegistryError(
                    "\(subject): \"openID.backchannelLogoutURI\" must be an https URL without a fragment (http only to a loopback address)."
                )
            }
            backchannel = uri
        }
        let isPublic = try flag("public", default: false)
        let requiresPKCE = try flag("requirePKCE", default: true)
        if isPublic, !requiresPKCE {
            throw AppRegistryError("\(subject): a public OpenID client must use PKCE; remove \"requirePKCE\": false.")
        }
        var algorithm = JWSAlgorithm.rs256
        if let value = members["idTokenAlgorithm"] {
            guard let name = value.stringValue, let chosen = JWSAlgorithm(rawValue: name), chosen != .edDSA else {
                throw AppRegistryError("\(subject): \"openID.idTokenAlgorithm\" must be \"RS256\" or \"ES256\".")
            }
            algorithm = chosen
        }
        return OpenIDClientSettings(
            redirectURIs: redirectURIs, postLogoutRedirectURIs: postLogout, backchannelLogoutURI: backchannel,
            isPublic: isPublic, requiresPKCE: requiresPKCE, isFirstParty: try flag("firstParty", default: false),
            idTokenAlgorithm: algorithm
        )
    }

    private func flag(_ key: String, default fallback: Bool) throws(AppRegistryError) -> Bool {
        guard let value = members[key] else { return fallback }
        guard let flag = value.boolValue else { throw AppRegistryError("\(subject): \"openID.\(key)\" must be true or false.") }
        return flag
    }
}

extension [String: JSONValue] {
    /// A list of strings under `key`; absent reads as empty.
    fileprivate func strings(_ key: String, subject: String) throws(AppRegistryError) -> [String] {
        guard let value = self[key] else { return [] }
        guard let items = value.arrayValue, case let texts = items.compactMap(\.stringValue), texts.count == items.count else {
            throw AppRegistryError("\(subject): \"\(key)\" must be a list of strings.")
        }
        return texts
    }
}
