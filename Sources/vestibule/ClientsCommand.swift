import VestibuleCommandLine
import VestibuleCore

/// `vestibule clients add | list | show | rotate-secret | remove`: the operator's OpenID clients and API apps,
/// kept in the apps file, with secrets shown once and stored only as their SHA-256.
enum ClientsCommand {
    static let help = """
        Usage: vestibule clients add ID --name NAME --redirect-uri URI [--redirect-uri URI …] [options]
               vestibule clients list
               vestibule clients show ID
               vestibule clients rotate-secret ID
               vestibule clients remove ID
          each with [--apps FILE] or [--config FILE]

        Registers the apps that sign people in with Vestibule by OpenID Connect (docs/oidc.md) in the apps file.
        A client's id is its client_id; its client secret is the app's key, of which the file keeps only the
        SHA-256. `add` and `rotate-secret` print a secret once: copy it into the app's settings then, it cannot
        be shown again. Vestibule reads the file when it starts: restart it after any change.

        The file is --apps FILE, else the apps setting (VESTIBULE_APPS, or "apps" in the --config file). `add`
        creates it, readable by its owner only (0600), when it does not exist. Each change is checked by the
        rules `vestibule serve` reads the file with, then replaces the file whole (a new file beside it, synced,
        renamed over it) with the old file's permissions and owner.

          add ID                 Registers an OpenID client and prints its id and secret. ID: lower-case
                                 letters, digits and -, up to 64 characters, like grafana.
            --name NAME                     What people see: "… to continue to NAME". Required.
            --redirect-uri URI              Where the app receives its codes, compared exactly. Required;
                                            repeat it for more. https; http only to localhost, 127.0.0.1 or
                                            [::1] (then on any port); or a native app's reverse-domain scheme
                                            (com.example.app:/callback).
            --post-logout-redirect-uri URI  Where sign-out through Vestibule may return; repeatable.
            --backchannel-logout-uri URI    Where logout tokens are POSTed when a person's session ends.
            --public                        A native or single-page app, which cannot keep a secret: no
                                            secret, PKCE always.
            --first-party                   One of your own apps: people are not asked to consent.
            --no-pkce                       Accept authorization requests without PKCE, for apps that send
                                            none (Gitea). Not with --public.
            --id-token-algorithm ALG        RS256 (the default) or ES256.
          list                   One line per app: id, name, and OpenID confidential, OpenID public or API only.
          show ID                Every setting of the app; never a secret, which the file does not hold.
          rotate-secret ID       A new secret for a confidential client or an API app, printed once. The old
                                 one keeps working until Vestibule restarts and stops working then. It is
                                 also the app's X-Vestibule-App-Key for the JSON API.
          remove ID              Removes the app; Vestibule serves it until it restarts.

          Exit status: 0 done; 78 a bad or missing argument, an unknown id or one already taken, or an apps
          file that cannot be read or that Vestibule would refuse; 1 the file could not be written (it is then
          unchanged).
        """

    static func run(_ arguments: [String], environment: [String: String]) throws {
        let rest = Array(arguments.dropFirst())
        switch arguments.first {
        case "add": try ClientsAddCommand.run(rest, environment: environment)
        case "list": try list(rest, environment: environment)
        case "show": try show(rest, environment: environment)
        case "rotate-secret": try rotateSecret(rest, environment: environment)
        case "remove": try remove(rest, environment: environment)
        default:
            throw CommandFailure.usage(
                "clients takes add, list, show, rotate-secret or remove. Run `vestibule clients --help`."
            )
        }
    }

    /// The options every subcommand takes: where the apps file is.
    static let fileOptions: [CommandLineOption] = [.value("--apps"), .value("--config")]

    /// Reads `arguments` with the subcommand's `options` and the file options; refusals name the option.
    static func parse(_ arguments: [String], _ options: [CommandLineOption] = []) throws -> ParsedCommandLine {
        do throws(CommandLineError) {
            return try CommandLineParser(options + fileOptions, positionals: .accepted).parse(arguments)
        } catch {
            throw CommandFailure.usage("\(error) Run `vestibule clients --help`.")
        }
    }

    static func appsFile(_ parsed: ParsedCommandLine, environment: [String: String]) throws -> AppsFile {
        try AppsFile.locate(
            apps: try onlyValue("--apps", parsed), config: try onlyValue("--config", parsed), environment: environment
        )
    }

    /// The value of an option that may be given once.
    static func onlyValue(_ name: String, _ parsed: ParsedCommandLine) throws(CommandFailure) -> String? {
        do throws(CommandLineError) {
            return try parsed.onlyValue(of: name)
        } catch {
            throw .usage(error.description)
        }
    }

    /// The one id `subcommand` acts on.
    static func id(_ parsed: ParsedCommandLine, for subcommand: String) throws(CommandFailure) -> String {
        guard let id = parsed.positionals.first else {
            throw .usage("clients \(subcommand) needs the app's id: vestibule clients \(subcommand) ID.")
        }
        if let extra = parsed.positionals.dropFirst().first {
            throw .usage("Unexpected argument \(extra): clients \(subcommand) takes one id.")
        }
        return id
    }

    /// The registered app `id`, or a refusal that says which ids there are.
    static func app(_ id: String, in registry: AppRegistry, file: AppsFile) throws(CommandFailure) -> RegisteredApp {
        guard let app = registry.app(id: id) else {
            let known = registry.isEmpty ? "none" : registry.apps.map(\.id).joined(separator: ", ")
            throw .usage("No app \"\(id)\" is registered in \(file.path) (registered: \(known)).")
        }
        return app
    }
}
