import VestibuleCrypto

extension AppRegistry {
    /// The apps file that ``init(json:)`` reads back as this registry: `{"apps": [...]}`, each member under the
    /// name the parser reads, in the order the documentation lists them, a default left out, pretty-printed
    /// with two spaces and ending in a newline, so that a command's change to the file is a small, readable diff.
    ///
    /// Nothing is checked here: whoever writes parses the result back, so one set of rules decides what an apps
    /// file may hold.
    public var json: [UInt8] {
        let document = OrderedJSON.object([("apps", .array(apps.map(\.orderedJSON)))])
        return Array((document.rendered(indent: "") + "\n").utf8)
    }
}

extension RegisteredApp {
    fileprivate var orderedJSON: OrderedJSON {
        var members: [(String, OrderedJSON)] = [("id", .string(id)), ("name", .string(name))]
        if let keyDigest { members.append(("keySHA256", .string(Hex.encode(keyDigest)))) }
        if !returnURLs.isEmpty { members.append(("returnURLs", .strings(returnURLs))) }
        if mergeRule != .default { members.append(("mergeRule", .string(mergeRule.rawValue))) }
        if !audiences.isEmpty { members.append(("audiences", .strings(audiences))) }
        if let openID { members.append(("openID", openID.orderedJSON)) }
        return .object(members)
    }
}

extension OpenIDClientSettings {
    fileprivate var orderedJSON: OrderedJSON {
        var members: [(String, OrderedJSON)] = [("redirectURIs", .strings(redirectURIs))]
        if !postLogoutRedirectURIs.isEmpty { members.append(("postLogoutRedirectURIs", .strings(postLogoutRedirectURIs))) }
        if let backchannelLogoutURI { members.append(("backchannelLogoutURI", .string(backchannelLogoutURI))) }
        if isPublic { members.append(("public", .bool(true))) }
        // A public client always uses PKCE, and the parser refuses `false` beside `public`.
        if !requiresPKCE { members.append(("requirePKCE", .bool(false))) }
        if isFirstParty { members.append(("firstParty", .bool(true))) }
        if idTokenAlgorithm != .rs256 { members.append(("idTokenAlgorithm", .string(idTokenAlgorithm.rawValue))) }
        return .object(members)
    }
}

/// The JSON an apps file holds, with its members in a chosen order (``JSONValue`` keeps them in a dictionary,
/// whose order changes from run to run).
private indirect enum OrderedJSON {
    case string(String)
    case bool(Bool)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    static func strings(_ texts: [String]) -> OrderedJSON { .array(texts.map(OrderedJSON.string)) }

    /// The value as text whose first line is not indented and whose nested lines start with `indent` and two
    /// spaces per level.
    func rendered(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .string(let text): return Self.quoted(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let lines = members.map { inner + Self.quoted($0.0) + ": " + $0.1.rendered(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// A JSON string literal (RFC 8259 section 7): quotes, backslashes and control characters escaped, every
    /// other character as it is, `/` included, so that addresses read as they were typed.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
