public import VestibuleCrypto

extension AppleEmulator {
    /// The developer accounts the emulator knows, and its lifetimes.
    public struct Configuration: Sendable {
        /// The `iss` of every token and the origin of every endpoint, e.g. `http://127.0.0.1:8081`. Nil: the
        /// origin ``AppleEmulator/start(host:port:)`` listens on, known once it has started.
        public var issuer: String?
        /// The teams and their Services IDs and bundle IDs that may sign in (more can be added once started, with
        /// ``AppleEmulator/register(_:)``).
        public var clients: [RegisteredClient]
        /// `exp - iat` of identity tokens. Apple issued 600 s until 2020 and 86,400 s since 2021.
        public var tokenLifetime: Duration
        /// How long an authorization code may be exchanged (Apple: five minutes).
        public var codeLifetime: Duration
        /// The key under which `sub` and relay addresses are derived from an Apple ID and a team. Nil: a random
        /// key per emulator, so they are stable while it runs. Set it to keep them across restarts, when the
        /// relying party's database outlives the emulator.
        public var subjectSecret: [UInt8]?

        public init(
            issuer: String? = nil,
            clients: [RegisteredClient],
            tokenLifetime: Duration = .seconds(600),
            codeLifetime: Duration = .seconds(300),
            subjectSecret: [UInt8]? = nil
        ) {
            self.issuer = issuer
            self.clients = clients
            self.tokenLifetime = tokenLifetime
            self.codeLifetime = codeLifetime
            self.subjectSecret = subjectSecret
        }
    }

    /// One developer team's Sign in with Apple setup, as the Apple Developer account holds it.
    public struct RegisteredClient: Sendable {
        /// The 10-character Team ID: the client secret's `iss`, and the scope of `sub` and relay addresses.
        public var teamID: String
        /// The Key ID of the team's Sign in with Apple key: the client secret's header `kid`.
        public var keyID: String
        /// The public half of that key (the P-256 key in the operator's `.p8` file); verifies client secrets.
        public var clientSecretPublicKey: PublicKey
        /// The Services ID (web) and bundle IDs (native apps) that sign in as this team.
        public var clientIDs: [String]
        /// Where the web flow may return to, exactly as the authorization request must name them.
        public var redirectURIs: [String]
        /// Where server-to-server notifications go (`POST {"payload":"<JWS>"}`); nil: none are sent.
        public var notificationURL: String?

        public init(
            teamID: String,
            keyID: String,
            clientSecretPublicKey: PublicKey,
            clientIDs: [String],
            redirectURIs: [String],
            notificationURL: String? = nil
        ) {
            self.teamID = teamID
            self.keyID = keyID
            self.clientSecretPublicKey = clientSecretPublicKey
            self.clientIDs = clientIDs
            self.redirectURIs = redirectURIs
            self.notificationURL = notificationURL
        }
    }
}
