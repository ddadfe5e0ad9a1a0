import Foundation
public import VestibuleApple
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTPClient
import VestibuleLogging
import VestibuleMetrics

extension Application {
    /// Sign in with Apple as configured: off without Apple credentials; otherwise against Apple's servers, or in
    /// development mode against the issuer named by `apple-issuer` (the Apple ID emulator, a process of its own,
    /// `vestibule-apple-emulator`). A production server never trusts an issuer but Apple's (``DeploymentMode``).
    static func makeApple(
        configuration: Configuration,
        store: any Store,
        secretBox: SecretBox,
        clock: @escaping @Sendable () -> Date,
        metrics: MetricsRegistry
    ) throws(StartupError) -> AppleServices? {
        guard configuration.usesApple else { return nil }
        let endpoints = configuration.appleIssuer.map(AppleEndpoints.init(issuer:)) ?? .apple
        let credentials: AppleCredentials
        do throws(AppleError) {
            credentials = try AppleCredentials(
                teamID: configuration.appleTeamID ?? "", keyID: configuration.appleKeyID ?? "",
                privateKey: try AppleCredentials.privateKey(pem: try applePrivateKeyPEM(configuration)),
                servicesID: configuration.appleServicesID ?? "", bundleIDs: configuration.appleBundleIDs,
                redirectURI: configuration.appleRedirectURI ?? configuration.origin + "/apple/callback"
            )
        } catch {
            throw StartupError("Sign in with Apple: \(error.reason)")
        }
        let server = AppleServer(
            endpoints: endpoints,
            secrets: AppleClientSecrets(credentials: credentials, audience: endpoints.issuer, clock: clock),
            // A User-Agent that names Vestibule: Apple has answered 403 to odd ones.
            transport: AppleServer.transport(
                over: HTTPClient(userAgent: "Vestibule/0.1 (Sign in with Apple client)", timeout: .seconds(10))
            ),
            metrics: metrics
        )
        let verifier = AppleTokenVerifier(
            issuer: endpoints.issuer, audiences: credentials.audiences, fetchKeys: { try server.keys() }, clock: clock
        )
        return AppleServices(
            signIn: AppleSignIn(
                credentials: credentials, server: server, verifier: verifier, store: store, secretBox: secretBox,
                clock: clock
            ),
            notifications: AppleNotifications(verifier: verifier, store: store, clock: clock),
            revocations: AppleRevocations(store: store, server: server, secretBox: secretBox, clock: clock),
            emulatorOrigin: configuration.usesAppleEmulator ? endpoints.issuer : nil
        )
    }

    /// The `.p8` key's text: from `VESTIBULE_APPLE_PRIVATE_KEY`, or the file named by `--apple-private-key-file`
    /// (also for `vestibule apple client-secret`).
    public static func applePrivateKeyPEM(_ configuration: Configuration) throws(AppleError) -> String {
        if let pem = configuration.applePrivateKey { return pem }
        let path = configuration.applePrivateKeyFile ?? ""
        guard let pem = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw AppleError(.misconfigured, "the key file \(path) cannot be read")
        }
        return pem
    }
}
