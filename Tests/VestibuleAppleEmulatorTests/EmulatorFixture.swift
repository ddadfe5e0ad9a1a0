import Foundation
import Testing
import VestibuleAppleEmulator
import VestibuleCrypto
import VestibuleHTTP
import VestibuleHTTPClient
import VestibuleJSON
import VestibuleLogging
import VestibuleTesting

/// An emulator on an ephemeral port with two teams, the operator keys that sign their client secrets, and the
/// relying party's and the browser's parts over plain HTTP.
final class EmulatorFixture {
    static let teamID = "A1B2C3D4E5"
    static let keyID = "KEYID12345"
    static let webClientID = "com.example.vestibule.web"
    static let appClientID = "com.example.vestibule"
    static let otherTeamID = "Z9Y8X7W6V5"
    static let otherWebClientID = "org.example.other.web"
    /// Registered for both teams; plain-HTTP tests never contact it, they read the page that would post to it.
    static let redirectURI = "http://localhost:8080/auth/apple/callback"

    let clock = TestClock(startingAt: TestClock.fixedStart)
    let operatorKey: SigningKey
    let otherOperatorKey: SigningKey
    let emulator: AppleEmulator
    let http = HTTPClient(userAgent: "Vestibule-Tests/1.0", timeout: .seconds(10))
    let log = LogCapture()

    init(notificationURL: String? = nil, redirectURI: String = EmulatorFixture.redirectURI) throws {
        operatorKey = try SigningKey.generate(.es256)
        otherOperatorKey = try SigningKey.generate(.es256)
        let configuration = AppleEmulator.Configuration(clients: [
            .init(
                teamID: Self.teamID, keyID: Self.keyID,
                clientSecretPublicKey: try PublicKey(jwk: operatorKey.publicJWK(keyID: Self.keyID)),
                clientIDs: [Self.webClientID, Self.appClientID], redirectURIs: [redirectURI],
                notificationURL: notificationURL
            ),
            .init(
                teamID: Self.otherTeamID, keyID: "KEYIDOTHER",
                clientSecretPublicKey: try PublicKey(jwk: otherOperatorKey.publicJWK(keyID: "KEYIDOTHER")),
                clientIDs: [Self.otherWebClientID], redirectURIs: [redirectURI]
            ),
        ])
        let clock = clock
        emulator = try AppleEmulator(
            configuration: configuration, logger: Logger(label: "emulator", sink: log.sink), clock: clock.now
        )
        try emulator.start(host: "127.0.0.1", port: 0)
    }

    func stop() { emulator.shutdown() }

    func url(_ path: String) -> String { emulator.issuer + path }

    // MARK: The browser

    func authorizeURL(
        clientID: String = webClientID, redirectURI: String = redirectURI, responseType: String = "code id_token",
        responseMode: String? = "form_post", scope: String? = "name email", state: String? = "state-1",
        nonce: String? = "nonce-1"
    ) -> String {
        var fields = [("client_id", clientID), ("redirect_uri", redirectURI), ("response_type", responseType)]
        for (name, value) in [("response_mode", responseMode), ("scope", scope), ("state", state), ("nonce", nonce)] {
            if let value { fields.append((name, value)) }
        }
        return url("/auth/authorize?" + URLEncodedFields(fields).encoded)
    }

    /// GETs the consent page at `authorizeURL`, submits it with these choices, and returns the emulator's answer.
    func submitConsent(
        _ authorizeURL: String, appleID: String = "appleseed@example.com", firstName: String = "Ada",
        lastName: String = "Lovelace", hideEmail: Bool = false, action: String = "continue"
    ) throws -> HTTPClientResponse {
        let page = try http.get(authorizeURL)
        #expect(page.status == 200)
        let consent = try #require(HTMLForm(page.text))
        #expect(consent.action == "/auth/authorize")
        var fields = consent.fields.filter { $0.name != "email_choice" }.map { ($0.name, $0.value) }
        fields += [("apple_id", appleID), ("first_name", firstName), ("last_name", lastName)]
        fields += [("email_choice", hideEmail ? "hide" : "share"), ("action", action)]
        return try http.postForm(url("/auth/authorize"), fields: URLEncodedFields(fields))
    }

    /// A web sign-in up to what the browser would post to the relying party.
    func signIn(
        appleID: String = "appleseed@example.com", hideEmail: Bool = false, clientID: String = webClientID,
        scope: String? = "name email", nonce: String? = "nonce-1"
    ) throws -> HTMLForm {
        let answer = try submitConsent(
            authorizeURL(clientID: clientID, scope: scope, nonce: nonce), appleID: appleID, hideEmail: hideEmail
        )
        #expect(answer.status == 200)
        let form = try #require(HTMLForm(answer.text))
        #expect(form.action == Self.redirectURI)
        return form
    }

    // MARK: The relying party

    /// A client secret as the operator mints it; each parameter can be made wrong on purpose.
    func clientSecret(
        clientID: String = webClientID, teamID: String = teamID, keyID: String = keyID, key: SigningKey? = nil,
        audience: String? = nil, issuedAt: Date? = nil, lifetime: TimeInterval = 3600
    ) throws -> String {
        let iat = (issuedAt ?? clock.now().addingTimeInterval(-2)).timeIntervalSince1970.rounded()
        let claims: JSONValue = [
            "iss": .string(teamID), "iat": .number(iat), "exp": .number(iat + lifetime),
            "aud": .string(audience ?? emulator.issuer), "sub": .string(clientID),
        ]
        return try JWS.sign(payload: claims.serialized, key: key ?? operatorKey, keyID: keyID, type: nil)
    }

    func exchange(
        code: String, clientID: String = webClientID, redirectURI: String? = redirectURI, secret: String? = nil
    ) throws -> HTTPClientResponse {
        var fields = [
            ("client_id", clientID), ("client_secret", try secret ?? clientSecret(clientID: clientID)),
            ("code", code), ("grant_type", "authorization_code"),
        ]
        if let redirectURI { fields.append(("redirect_uri", redirectURI)) }
        return try http.postForm(url("/auth/token"), fields: URLEncodedFields(fields))
    }

    func refresh(_ refreshToken: String, clientID: String = webClientID) throws -> HTTPClientResponse {
        try http.postForm(url("/auth/token"), fields: URLEncodedFields([
            ("client_id", clientID), ("client_secret", try clientSecret(clientID: clientID)),
            ("grant_type", "refresh_token"), ("refresh_token", refreshToken),
        ]))
    }

    func revoke(_ token: String, hint: String = "refresh_token", clientID: String = webClientID) throws -> HTTPClientResponse {
        try http.postForm(url("/auth/revoke"), fields: URLEncodedFields([
            ("client_id", clientID), ("client_secret", try clientSecret(clientID: clientID)), ("token", token),
            ("token_type_hint", hint),
        ]))
    }

    /// Verifies a token the emulator signed against its `/auth/keys`, as the relying party does with Apple's.
    func verify(_ token: String) throws -> JWTClaims {
        let keys = try JSONDecoder().decode(JWKS.self, from: Data(try http.get(url("/auth/keys")).body))
        let claims = try JWTValidator(keys: KeyCache(jwks: keys), allowedAlgorithms: [.rs256]).verify(token, now: clock.now())
        #expect(claims.iss == emulator.issuer)
        return claims
    }
}

extension HTTPClientResponse {
    /// The body as JSON; `.null` when it is not JSON.
    var json: JSONValue { JSONValue(parsing: body) ?? .null }
}

/// base64url of the first half of SHA-256: `c_hash` and `at_hash`.
func halfHash(_ value: String) -> String {
    Base64URL.encode(SHA2.sha256(value).prefix(16))
}
