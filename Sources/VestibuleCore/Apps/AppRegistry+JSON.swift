import Foundation
import VestibuleJSON

extension AppRegistry {
    /// Reads an apps file:
    ///
    /// ```json
    /// {"apps": [
    ///   {"id": "shop", "name": "Example Shop",
    ///    "keySHA256": "<64 hex digits: SHA-256 of the key the shop's server sends>",
    ///    "returnURLs": ["https://shop.example.com/account/return"],
    ///    "mergeRule": "keepBoth", "audiences": ["https://api.shop.example.com"]}
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
            guard !apps.contains(where: { $0.keyDigest == app.keyDigest }) else {
                throw AppRegistryError("app \"\(app.id)\" has the key of another app; give each app its own key.")
            }
            apps.append(app)
        }
        self.init(apps)
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
    static let keys: Set<String> = ["id", "name", "keySHA256", "returnURLs", "mergeRule", "audiences"]

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
        guard let hex = members["keySHA256"]?.stringValue, let digest = Self.digest(hex) else {
            throw AppRegistryError(
                "\(subject): \"keySHA256\" must be the SHA-256 of the app's key in 64 hex digits "
                    + "(printf %s \"$KEY\" | sha256sum); the key itself stays with the app."
            )
        }
        let returnURLs = try strings("returnURLs")
        guard !returnURLs.isEmpty else {
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
            id: id, name: name, keyDigest: digest, returnURLs: returnURLs, mergeRule: mergeRule, audiences: audiences
        )
    }

    /// A list of strings under `key`; absent reads as empty.
    private func strings(_ key: String) throws(AppRegistryError) -> [String] {
        guard let value = members[key] else { return [] }
        guard let items = value.arrayValue, case let texts = items.compactMap(\.stringValue), texts.count == items.count else {
            throw AppRegistryError("\(subject): \"\(key)\" must be a list of strings.")
        }
        return texts
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
