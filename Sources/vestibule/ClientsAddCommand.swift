import VestibuleCommandLine
import VestibuleCore
import VestibuleCrypto

/// `vestibule clients add ID --name NAME --redirect-uri URI …`: registers an OpenID client and prints its secret,
/// the only time anyone sees it.
enum ClientsAddCommand {
    static let options: [CommandLineOption] = [
        .value("--name"), .value("--redirect-uri"), .value("--post-logout-redirect-uri"),
        .value("--backchannel-logout-uri"), .value("--id-token-algorithm"),
        .flag("--public"), .flag("--first-party"), .flag("--no-pkce"),
    ]

    static func run(_ arguments: [String], environment: [String: String]) throws {
        let parsed = try ClientsCommand.parse(arguments, options)
        let id = try ClientsCommand.id(parsed, for: "add")
        guard let name = try ClientsCommand.onlyValue("--name", parsed) else {
            throw CommandFailure.usage("clients add needs --name NAME: what people know the app as, like \"Grafana\".")
        }
        let redirectURIs = parsed.values(of: "--redirect-uri")
        guard !redirectURIs.isEmpty else {
            throw CommandFailure.usage(
                "clients add needs --redirect-uri URI: the address the app receives its codes at (repeat it for more)."
            )
        }
        let isPublic = parsed.contains("--public")
        // OpenIDClientSettings turns PKCE on for a public client, so this would otherwise pass unnoticed.
        if isPublic, parsed.contains("--no-pkce") {
            throw CommandFailure.usage("--public and --no-pkce do not go together: a public client must use PKCE.")
        }
        let settings = OpenIDClientSettings(
            redirectURIs: redirectURIs,
            postLogoutRedirectURIs: parsed.values(of: "--post-logout-redirect-uri"),
            backchannelLogoutURI: try ClientsCommand.onlyValue("--backchannel-logout-uri", parsed),
            isPublic: isPublic, requiresPKCE: !parsed.contains("--no-pkce"), isFirstParty: parsed.contains("--first-party"),
            idTokenAlgorithm: try algorithm(ClientsCommand.onlyValue("--id-token-algorithm", parsed))
        )

        let file = try ClientsCommand.appsFile(parsed, environment: environment)
        let registry = try file.read() ?? AppRegistry()
        guard registry.app(id: id) == nil else {
            throw CommandFailure.usage(
                "An app \"\(id)\" is already registered in \(file.path). Choose another id, or see it with "
                    + "`vestibule clients show \(id)`."
            )
        }
        let secret = isPublic ? nil : SecureRandom.token()
        let app = RegisteredApp(id: id, name: name, keyDigest: secret.map(SHA2.sha256), returnURLs: [], openID: settings)
        try file.write(AppRegistry(registry.apps + [app]))

        print("Added the OpenID client \(id) (\(app.name)) to \(file.path).")
        print("client_id:     \(id)")
        if let secret {
            print("client_secret: \(secret)")
            print("This secret is shown only now: copy it into the app's settings. Vestibule keeps only its SHA-256.")
        } else {
            print("A public client has no secret: the app authenticates with PKCE alone.")
        }
        print("Restart Vestibule to serve the new client.")
    }

    private static func algorithm(_ text: String?) throws(CommandFailure) -> JWSAlgorithm {
        guard let text else { return .rs256 }
        guard let algorithm = JWSAlgorithm(rawValue: text), algorithm != .edDSA else {
            throw .usage("--id-token-algorithm must be RS256 or ES256; got \(text).")
        }
        return algorithm
    }
}
