import VestibuleCommandLine
import VestibuleCore

/// `clients list` and `clients show`: what the apps file registers, never a secret (it holds none to show).
extension ClientsCommand {
    static func list(_ arguments: [String], environment: [String: String]) throws {
        let parsed = try parse(arguments)
        if let extra = parsed.positionals.first {
            throw CommandFailure.usage("Unexpected argument \(extra): clients list takes no id.")
        }
        let file = try appsFile(parsed, environment: environment)
        guard let registry = try file.read() else {
            print("No apps registered in \(file.path): the file does not exist yet.")
            return
        }
        guard !registry.isEmpty else {
            print("No apps registered in \(file.path).")
            return
        }
        let idWidth = registry.apps.map(\.id.count).max() ?? 0
        let kindWidth = registry.apps.map(\.kind.count).max() ?? 0
        for app in registry.apps {
            print(padded(app.id, idWidth) + "  " + padded(app.kind, kindWidth) + "  " + app.name)
        }
    }

    static func show(_ arguments: [String], environment: [String: String]) throws {
        let parsed = try parse(arguments)
        let id = try id(parsed, for: "show")
        let file = try appsFile(parsed, environment: environment)
        let app = try app(id, in: try file.readExisting(), file: file)
        var lines = [
            "\(app.id): \(app.name)",
            "  kind: \(app.kind)",
            app.openID?.isPublic == true ? "  public client: no secret" : "  secret: set (only its SHA-256 is kept)",
        ]
        if let openID = app.openID {
            lines += [
                "  client_id: \(app.id)",
                "  redirect URIs: " + listed(openID.redirectURIs),
                "  post-logout redirect URIs: " + listed(openID.postLogoutRedirectURIs),
                "  back-channel logout URI: " + (openID.backchannelLogoutURI ?? "none"),
                "  PKCE: " + (openID.requiresPKCE ? "required (S256)" : "not required"),
                "  first party: " + (openID.isFirstParty ? "yes, people are not asked to consent" : "no, people are asked to consent once"),
                "  ID token algorithm: \(openID.idTokenAlgorithm.rawValue)",
            ]
        }
        lines += [
            "  hand-off return URLs: " + listed(app.returnURLs),
            "  guest merge rule: \(app.mergeRule.rawValue)",
            "  access-token audiences: " + listed(app.audiences),
        ]
        print(lines.joined(separator: "\n"))
    }

    private static func listed(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.joined(separator: " ")
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

extension RegisteredApp {
    /// How the app signs people in, in `list` and `show`.
    fileprivate var kind: String {
        switch openID?.isPublic {
        case true?: "OpenID public"
        case false?: "OpenID confidential"
        case nil: "API only"
        }
    }
}
