import Foundation
import VestibuleAPI
import VestibuleClient
import VestibuleCrypto
import VestibuleHTTPClient
import VestibuleTesting

/// A real `vestibule serve` in development mode, signing in with Apple against a `vestibule-apple-emulator`
/// process (which stands in for a device's `ASAuthorizationAppleIDProvider`, so a test can sign in as a native
/// app would), and one registered app, whose key, return address and access-token audience the tests use.
final class LiveVestibule {
    private let site: DevelopmentVestibule
    /// `http://localhost:PORT`: the public URL, and so the `iss` of its access tokens.
    var origin: String { site.origin }
    var emulatorOrigin: String { site.appleEmulator.origin }
    let appKey = (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "_")
    /// The registered app's return address and API.
    static let returnURL = "http://localhost:1/signed-in"
    static let audience = "https://api.shop.example"
    private let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory(prefix: "vestibule-client")
        let appsFile = scratch.path + "/apps.json"
        try #"""
            {"apps": [{"id": "shop", "name": "Example Shop", "keySHA256": "\#(Hex.encode(SHA2.sha256(appKey)))",
                       "returnURLs": ["\#(Self.returnURL)"], "audiences": ["\#(Self.audience)"]}]}
            """#.write(toFile: appsFile, atomically: true, encoding: .utf8)
        site = try DevelopmentVestibule(folder: scratch.path, arguments: ["--apps", appsFile, "--log-level", "warning"])
    }

    deinit { site.stop() }

    /// `vestibule rotate-signing-key` on the running server's data: a new key signs from now on.
    func rotateSigningKey() throws {
        let (status, output) = try VestibuleExecutable.run(
            ["rotate-signing-key", "--development", "--data-dir", site.dataDirectory]
        )
        guard status == 0 else { throw TestFailure("rotate-signing-key failed: \(output)") }
    }

    /// A session token, from Sign in with Apple as a native app does it: Vestibule's nonce, the emulator's
    /// credential for the app's bundle ID with the nonce hashed, and that credential back to Vestibule.
    func signInWithApple(as appleID: String, through client: VestibuleClient) throws -> CeremonyReply {
        try client.signIn(withApple: appleCredential(as: appleID, nonce: client.appleSignInNonce()))
    }

    /// What `ASAuthorizationAppleIDCredential` gives an app, from the emulator, for the request's hashed `nonce`.
    func appleCredential(as appleID: String, nonce: AppleSignInNonce) throws -> AppleNativeCredential {
        let authorization = try HTTPClient.standard.postJSON(
            emulatorOrigin + "/emulator/native-authorization",
            body: Array(#"{"clientID":"dev.vestibule.app","appleID":"\#(appleID)","nonce":"\#(nonce.hashed)"}"#.utf8)
        )
        let credential = try JSONDecoder().decode(EmulatedCredential.self, from: Data(authorization.body))
        return AppleNativeCredential(
            identityToken: credential.identityToken, authorizationCode: credential.authorizationCode,
            nonce: nonce.raw, name: AppleNativeCredential.Name(firstName: "Ada", lastName: "Lovelace")
        )
    }

    /// What the emulator answers in place of `ASAuthorizationAppleIDCredential`.
    private struct EmulatedCredential: Decodable {
        let identityToken: String
        let authorizationCode: String
    }
}
