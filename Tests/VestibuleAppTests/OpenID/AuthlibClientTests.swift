import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleJSON
import VestibuleTesting

/// A real relying party library: PyPI's authlib, driving `Support/authlib_client.py` against a live Vestibule.
/// authlib makes the request (state, nonce, PKCE S256), redeems the code, verifies the ID token itself against
/// the JWKS, on RS256 and on ES256, calls userinfo, introspects, revokes, and refreshes with rotation and reuse.
@Suite(.enabled(if: AuthlibScript.isAvailable, "needs python3 with authlib (make test installs it)"))
struct AuthlibClientTests {
    static let redirectURI = "http://127.0.0.1:9/callback"

    @Test(arguments: [JWSAlgorithm.rs256, .es256])
    func authlibSignsInVerifiesTheIDTokenAndUsesEveryEndpoint(algorithm: JWSAlgorithm) throws {
        let key = SecureRandom.token()
        let client = RegisteredApp(
            id: "authlib", name: "Authlib Client", keyDigest: SHA2.sha256(key), returnURLs: [],
            openID: OpenIDClientSettings(redirectURIs: [Self.redirectURI], isFirstParty: true, idTokenAlgorithm: algorithm)
        )
        let (app, port) = try TestApplication.startedOnLocalhost { $0.apps = AppRegistry([client]) }
        defer { app.application.shutdown() }
        let issuer = "http://localhost:\(port)"
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")

        // Round one: everything up to revocation, which ends the grant (and so its refresh token).
        let first = try round(issuer: issuer, key: key, browser: browser, keepTokens: false)
        #expect(first["token"]?["ok"] == .bool(true), "\(first)")
        #expect(first["idToken"]?["ok"] == .bool(true), "authlib verified the ID token: \(first["idToken"] ?? .null)")
        #expect(first["idToken"]?["alg"]?.stringValue == algorithm.rawValue)
        #expect(first["idToken"]?["claims"]?["email"]?.stringValue == "ada@example.com")
        #expect(first["userinfo"]?["get"]?["ok"] == .bool(true))
        #expect(first["userinfo"]?["post"]?["ok"] == .bool(true))
        #expect(first["introspection"]?["before"]?["body"]?["active"] == .bool(true), "\(first["introspection"] ?? .null)")
        #expect(first["revocation"]?["ok"] == .bool(true))
        #expect(first["introspection"]?["after"]?["body"]?["active"] == .bool(false))
        #expect(first["userinfoAfterRevocation"]?["status"]?.intValue == 401)

        // Round two: refresh rotates, the replaced token is refused, and its reuse revokes the rotated one.
        let second = try round(issuer: issuer, key: key, browser: browser, keepTokens: true)
        let refresh = second["refresh"]
        #expect(refresh?["rotate"]?["ok"] == .bool(true), "\(refresh ?? .null)")
        #expect(refresh?["oldTokenReuse"]?["error"]?.stringValue == "invalid_grant")
        #expect(refresh?["newTokenAfterReuse"]?["error"]?.stringValue == "invalid_grant")
    }

    /// One authorization: authlib's URL, the browser's sign-in answer (a first-party app: straight back with a
    /// code), authlib's every step; returns what the script printed.
    private func round(issuer: String, key: String, browser: FormClient, keepTokens: Bool) throws -> JSONValue {
        let state = try ScratchDirectory(prefix: "authlib")
        let stateFile = state.path + "/authlib.json"
        let begun = try AuthlibScript.run([
            "begin", "--issuer", issuer, "--client-id", "authlib", "--client-secret", key, "--redirect-uri", Self.redirectURI,
            "--state-file", stateFile,
        ])
        guard let url = begun["authorizationURL"]?.stringValue, url.hasPrefix(issuer + "/oidc/authorize?") else {
            throw TestFailure("no authorization URL: \(begun)")
        }
        let answer = try browser.get(String(url.dropFirst(issuer.count)))
        guard let callback = answer.headers["Location"] else { throw TestFailure("no redirect: \(answer.status) \(answer.text)") }
        #expect(callback.hasPrefix(Self.redirectURI + "?"))
        return try AuthlibScript.run(["finish", "--state-file", stateFile, "--callback-url", callback] + (keepTokens ? ["--keep-tokens"] : []))
    }
}

/// `Support/authlib_client.py`, run with the first python3 on PATH.
enum AuthlibScript {
    static let isAvailable: Bool = (try? python(["-c", "import authlib, joserfc"]))?.status == 0
    static let path = PackageFolder.path("Tests/VestibuleAppTests/OpenID/Support/authlib_client.py")

    static func run(_ arguments: [String]) throws -> JSONValue {
        let (status, output) = try python([path] + arguments)
        guard status == 0, let json = JSONValue(parsing: Array(output.utf8)) else {
            throw TestFailure("authlib_client.py \(arguments.first ?? "") exited \(status): \(output)")
        }
        return json
    }

    private static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
