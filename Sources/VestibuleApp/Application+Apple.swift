import Foundation
public import VestibuleApple
import VestibuleAppleEmulator
import VestibuleCore
import VestibuleCrypto
import VestibuleHTTP
import VestibuleHTTPServer
import VestibuleHTTPClient
import VestibuleLogging

extension Application {
    /// Sign in with Apple as configured: Apple's servers when the operator set the Apple credentials;
    /// otherwise, in development mode only, the built-in emulator, started here on its own port so the
    /// cross-site flow runs for real; or off. A production server never trusts an issuer but Apple's. Returns
    /// the services and the emulator to stop at shutdown.
    static func makeApple(
        configuration: Configuration,
        store: any Store,
        secretBox: SecretBox,
        emulatorSecret: [UInt8],
        clock: @escaping @Sendable () -> Date,
        logger: Logger
    ) throws(StartupError) -> (AppleServices?, AppleEmulator?) {
        let redirectURI = configuration.appleRedirectURI ?? configuration.origin + "/apple/callback"
        let credentials: AppleCredentials
        let endpoints: AppleEndpoints
        var emulator: AppleEmulator?
        do throws(AppleError) {
            if configuration.usesAppleServers {
                credentials = try AppleCredentials(
                    teamID: configuration.appleTeamID ?? "", keyID: configuration.appleKeyID ?? "",
                    privateKey: try AppleCredentials.privateKey(pem: try applePrivateKeyPEM(configuration)),
                    servicesID: configuration.appleServicesID ?? "", bundleIDs: configuration.appleBundleIDs,
                    redirectURI: redirectURI
                )
                endpoints = .apple
            } else {
                guard configuration.development, configuration.appleEmulatorEnabled else { return (nil, nil) }
                credentials = try AppleCredentials(
                    teamID: "EMULATOR01", keyID: "EMULATORK1", privateKey: try developmentKey(),
                    servicesID: "dev.vestibule.web",
                    bundleIDs: configuration.appleBundleIDs.isEmpty ? ["dev.vestibule.app"] : configuration.appleBundleIDs,
                    redirectURI: redirectURI
                )
                let started = try startEmulator(
                    for: credentials, configuration: configuration, secret: emulatorSecret, logger: logger
                )
                emulator = started
                endpoints = AppleEndpoints(issuer: started.issuer)
            }
        } catch {
            throw StartupError("Sign in with Apple: \(error.reason)")
        }
        let server = AppleServer(
            endpoints: endpoints,
            secrets: AppleClientSecrets(credentials: credentials, audience: endpoints.issuer, clock: clock),
            // A User-Agent that names Vestibule: Apple has answered 403 to odd ones.
            transport: AppleServer.transport(
                over: HTTPClient(userAgent: "Vestibule/0.1 (Sign in with Apple client)", timeout: .seconds(10))
            )
        )
        let verifier = AppleTokenVerifier(
            issuer: endpoints.issuer, audiences: credentials.audiences, fetchKeys: { try server.keys() }, clock: clock
        )
        let services = AppleServices(
            signIn: AppleSignIn(
                credentials: credentials, server: server, verifier: verifier, store: store, secretBox: secretBox,
                clock: clock
            ),
            notifications: AppleNotifications(verifier: verifier, store: store, clock: clock),
            revocations: AppleRevocations(store: store, server: server, secretBox: secretBox, clock: clock),
            emulatorOrigin: emulator?.issuer
        )
        return (services, emulator)
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

    /// A fresh key for the emulator's team: the emulator runs in this process and is told its public half.
    private static func developmentKey() throws(AppleError) -> SigningKey {
        do { return try SigningKey.generate(.es256) } catch {
            throw AppleError(.misconfigured, "no development key could be made: \(error)")
        }
    }

    private static func startEmulator(
        for credentials: AppleCredentials, configuration: Configuration, secret: [UInt8], logger: Logger
    ) throws(AppleError) -> AppleEmulator {
        do {
            let client = AppleEmulator.RegisteredClient(
                teamID: credentials.teamID,
                keyID: credentials.keyID,
                clientSecretPublicKey: try PublicKey(jwk: credentials.privateKey.publicJWK(keyID: credentials.keyID)),
                clientIDs: [credentials.servicesID] + credentials.bundleIDs,
                redirectURIs: [credentials.redirectURI],
                notificationURL: configuration.origin + "/apple/notifications"
            )
            // `sub` and relay addresses derive from the operator's secret, so they survive restarts as the
            // accounts in the database do.
            let emulator = try AppleEmulator(
                configuration: AppleEmulator.Configuration(clients: [client], subjectSecret: secret),
                logger: logger.child("apple-emulator")
            )
            try emulator.start(host: "127.0.0.1", port: configuration.effectiveAppleEmulatorPort)
            return emulator
        } catch let error as HTTPServerError {
            throw AppleError(
                .misconfigured,
                "the built-in emulator cannot listen on 127.0.0.1:\(configuration.effectiveAppleEmulatorPort) (\(error)); "
                    + "choose another --apple-emulator-port, or off"
            )
        } catch {
            throw AppleError(.misconfigured, "the built-in emulator cannot start: \(error)")
        }
    }
}
