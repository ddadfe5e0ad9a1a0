import Foundation
public import VestibuleCrypto
internal import VestibuleJSON
public import VestibuleMetrics

/// Apple's token, revocation and key endpoints, as a client that follows Apple's rules: form-encoded
/// requests authenticated with a client secret whose `sub` is the request's `client_id`, a code exchanged
/// once and never retried, `redirect_uri` sent only for codes whose authorization had one.
public struct AppleServer: Sendable {
    /// One HTTP exchange with Apple: the transport is the composition root's HTTP client.
    public struct Request: Sendable {
        public let method: String
        public let url: String
        /// Form fields for a POST (`application/x-www-form-urlencoded`); empty for a GET.
        public let form: [(String, String)]
    }

    public struct Reply: Sendable {
        public let status: Int
        public let body: [UInt8]

        public init(status: Int, body: [UInt8]) {
            self.status = status
            self.body = body
        }
    }

    /// What the token endpoint returns.
    public struct Tokens: Sendable {
        public let accessToken: String
        public let refreshToken: String?
        public let idToken: String
    }

    public let endpoints: AppleEndpoints
    private let secrets: AppleClientSecrets
    private let transport: @Sendable (Request) throws -> Reply
    private let metrics: AppleCallMetrics

    /// - Parameter metrics: where every call is counted by endpoint and outcome, and timed.
    public init(
        endpoints: AppleEndpoints, secrets: AppleClientSecrets,
        transport: @escaping @Sendable (Request) throws -> Reply, metrics: MetricsRegistry = MetricsRegistry()
    ) {
        self.endpoints = endpoints
        self.secrets = secrets
        self.transport = transport
        self.metrics = AppleCallMetrics(registry: metrics)
    }

    /// Exchanges an authorization code (once: a failed exchange is not retried, the code may be spent).
    /// - Parameter redirectURI: the web flow's redirect URI; `nil` for a native app's code.
    public func exchange(code: String, clientID: String, redirectURI: String?) throws(AppleError) -> Tokens {
        var form = [
            ("client_id", clientID), ("client_secret", try secrets.secret(for: clientID)), ("code", code),
            ("grant_type", "authorization_code"),
        ]
        if let redirectURI { form.append(("redirect_uri", redirectURI)) }
        let reply = try send(Request(method: "POST", url: endpoints.token, form: form), to: .token)
        guard let json = JSONValue(parsing: reply.body), let accessToken = json["access_token"]?.stringValue,
              let idToken = json["id_token"]?.stringValue
        else { throw AppleError(.unreachable, "the token endpoint's answer is not a token response") }
        return Tokens(accessToken: accessToken, refreshToken: json["refresh_token"]?.stringValue, idToken: idToken)
    }

    /// Revokes a refresh token. Apple answers 200 even for tokens it does not know, so success says only
    /// that Apple accepted the request.
    public func revoke(refreshToken: String, clientID: String) throws(AppleError) {
        _ = try send(
            Request(
                method: "POST",
                url: endpoints.revoke,
                form: [
                    ("client_id", clientID), ("client_secret", try secrets.secret(for: clientID)),
                    ("token", refreshToken), ("token_type_hint", "refresh_token"),
                ]
            ),
            to: .revoke
        )
    }

    /// Apple's current key set.
    public func keys() throws -> JWKS {
        let reply = try send(Request(method: "GET", url: endpoints.keys, form: []), to: .keys)
        do {
            return try JSONDecoder().decode(JWKS.self, from: Data(reply.body))
        } catch {
            throw AppleError(.unreachable, "Apple's key set is not a JWKS")
        }
    }

    /// Sends the request; Apple's OAuth errors (`invalid_grant`, `invalid_client`, …) become
    /// ``AppleError/Code/rejectedByApple`` with Apple's code, anything else that is not 200 `.unreachable`.
    private func send(_ request: Request, to endpoint: AppleCallMetrics.Endpoint) throws(AppleError) -> Reply {
        let started = ContinuousClock.now
        do throws(AppleError) {
            let reply = try exchange(request)
            metrics.record(endpoint, .succeeded, after: ContinuousClock.now - started)
            return reply
        } catch {
            let outcome: AppleCallMetrics.Outcome = error.code == .rejectedByApple ? .rejected : .unreachable
            metrics.record(endpoint, outcome, after: ContinuousClock.now - started)
            throw error
        }
    }

    private func exchange(_ request: Request) throws(AppleError) -> Reply {
        let reply: Reply
        do {
            reply = try transport(request)
        } catch {
            throw AppleError(.unreachable, "\(request.url) could not be reached: \(error)")
        }
        guard reply.status == 200 else {
            if reply.status == 400, let code = JSONValue(parsing: reply.body)?["error"]?.stringValue {
                throw AppleError(.rejectedByApple, "\(request.url) answered \(code)")
            }
            throw AppleError(.unreachable, "\(request.url) answered HTTP \(reply.status)")
        }
        return reply
    }
}
