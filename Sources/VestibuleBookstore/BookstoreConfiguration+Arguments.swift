import VestibuleCommandLine

/// `vestibule-bookstore`'s command line.
extension BookstoreConfiguration {
    /// A command line that cannot be run, with the sentence that says why.
    public struct UsageError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads `--host`, `--port`, `--vestibule`, `--public-url`, `--app-id` and `--app-key` (`--name value` or
    /// `--name=value`);
    /// an option given twice, an unknown one or a value that cannot work is refused with the reason. The app key
    /// may also come from `BOOKSTORE_APP_KEY` in `environment` (better: flags show in `ps`); the flag wins.
    public init(arguments: [String], environment: [String: String] = [:]) throws(UsageError) {
        self.init()
        if let key = environment[Self.appKeyVariable], !key.isEmpty {
            appKey = try Self.appKey(key, source: Self.appKeyVariable)
        }
        let options: ParsedCommandLine
        do throws(CommandLineError) {
            options = try Self.parser.parse(arguments)
        } catch let error where [.unknownOption, .unexpectedArgument].contains(error.code) {
            // The name only: a mistyped `--app-key=…` must not print the key.
            let unknown = "Unknown option \(error.argument)."
            throw UsageError(description: "\(unknown) Run vestibule-bookstore --help for the options.")
        } catch {
            throw UsageError(description: error.description)
        }
        if let value = try Self.onlyValue("--host", in: options) {
            guard !value.isEmpty else { throw UsageError(description: "--host needs an address, such as 127.0.0.1.") }
            host = value
        }
        if let value = try Self.onlyValue("--port", in: options) {
            guard let port = Int(value), (0...65535).contains(port) else {
                throw UsageError(description: "--port must be a number from 0 to 65535, not \(value).")
            }
            self.port = port
        }
        if let value = try Self.onlyValue("--vestibule", in: options) {
            vestibuleOrigin = try Self.origin(value, option: "--vestibule")
        }
        if let value = try Self.onlyValue("--public-url", in: options) {
            publicURL = try Self.origin(value, option: "--public-url")
        }
        if let value = try Self.onlyValue("--app-id", in: options) {
            guard !value.isEmpty, value.utf8.count <= 64 else { throw UsageError(description: "--app-id needs the registration's id.") }
            appID = value
        }
        if let value = try Self.onlyValue("--app-key", in: options) {
            appKey = try Self.appKey(value, source: "--app-key")
        }
    }

    private static let parser = CommandLineParser(
        ["--host", "--port", "--vestibule", "--public-url", "--app-id", "--app-key"].map(CommandLineOption.value)
    )

    private static func onlyValue(_ name: String, in options: ParsedCommandLine) throws(UsageError) -> String? {
        do throws(CommandLineError) {
            return try options.onlyValue(of: name)
        } catch {
            throw UsageError(description: error.description)
        }
    }

    /// `value` as an origin (`http://host[:port]`, a trailing slash allowed), or the reason it is not one.
    static func origin(_ value: String, option: String) throws(UsageError) -> String {
        var origin = value
        if origin.hasSuffix("/") { origin.removeLast() }
        let scheme = ["http://", "https://"].first { origin.lowercased().hasPrefix($0) }
        let authority = scheme.map { origin.dropFirst($0.count) } ?? ""
        guard scheme != nil, !authority.isEmpty, !authority.contains(where: { "/?#@ ".contains($0) }),
              authority.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else {
            throw UsageError(
                description: "\(option) must be an origin such as http://localhost:8080, with no path, not \(value)."
            )
        }
        return origin
    }

    /// Where the app key may come from instead of `--app-key`.
    public static let appKeyVariable = "BOOKSTORE_APP_KEY"

    /// `value` as an app key: at least 32 characters of base64url. The reason for a refusal never repeats the key.
    static func appKey(_ value: String, source: String) throws(UsageError) -> String {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        guard value.utf8.count >= 32, value.utf8.allSatisfy(alphabet.contains) else {
            throw UsageError(
                description: "\(source) must be the bookstore's app key: at least 32 characters of base64url (A-Z a-z 0-9 - _)."
            )
        }
        return value
    }

    /// `vestibule-bookstore --help`: what it is, what it needs, and each option.
    public static let help = """
        vestibule-bookstore: a small demo shop that shows how an app uses Vestibule.

        Usage: vestibule-bookstore [--port 8090] [--vestibule http://localhost:8080] [--public-url URL] [--host ADDRESS]
                                   [--app-id bookstore] [--app-key KEY]

        What does it do?
          It sells six classic e-books, in English and Japanese. People browse without signing in. "Add to
          cart" makes them a guest at Vestibule; the cart and the orders are kept as the guest's documents in
          Vestibule, so the bookstore has no database. Checkout asks only a name and an email. The order's page
          offers to create an account (Sign in with Apple or a passkey, with the name and email already given);
          the guest's cart and orders then move into the account.

        What does it need?
          A running Vestibule that registers the bookstore among its apps as a first-party OpenID Connect
          client (vestibule serve --apps FILE, or vestibule clients add; see docs/oidc.md): its id, its name,
          the SHA-256 of its app key, and its redirect URI http://localhost:8090/signed-in. `make run` starts
          both (Vestibule on 8080 with its Apple ID emulator on 8081, the bookstore on 8090) with a fresh key
          each time.

        How does it talk to Vestibule?
          Over HTTP only: OpenID Connect to sign shoppers in (the code flow with PKCE, its app key as client
          secret; a guest's cart comes along with a guest ticket), and Vestibule's JSON API (docs/api.md) for
          guests and documents, with the guest's token or the shopper's access token. Its cookies hold the
          guest's token, the shopper's tokens, or a sign-in under way (HttpOnly, SameSite=Lax); its forms carry
          an anti-forgery token. It sends its app key and each shopper's address, so Vestibule limits each
          shopper on their own rather than the whole shop at once.

        Options:
          --port N          Port to listen on (default 8090; 0 picks a free one).
          --host ADDRESS    Address to listen on (default 127.0.0.1).
          --vestibule URL   Vestibule's origin (default http://localhost:8080).
          --public-url URL  The bookstore's origin as people reach it (default http://localhost:PORT). Register
                            URL/signed-in as its redirect URI at Vestibule. With https://, cookies are Secure.
          --app-id ID       The id of the bookstore's registration at Vestibule: its client id (default bookstore).
          --app-key KEY     The key of the bookstore's registration at Vestibule, its client secret: needed to
                            sign shoppers in.
                            Prefer the environment variable BOOKSTORE_APP_KEY: flags show in ps.
          --help            Show this help.

        Stop it with Ctrl-C (SIGINT) or SIGTERM: requests in flight are answered first.
        """
}
