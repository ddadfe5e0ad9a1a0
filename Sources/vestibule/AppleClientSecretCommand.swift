import Foundation
import VestibuleApp
import VestibuleApple
import VestibuleCommandLine
import VestibuleCrypto

/// `vestibule apple client-secret`: mints the ES256 client secret Apple's token and revocation endpoints want,
/// from the operator's settings, for use outside Vestibule (curl, another service, a support request).
enum AppleClientSecretCommand {
    static let defaultLifetime = 86_400
    /// ``AppleClientSecrets`` wants more than ten minutes: it renews a secret when a tenth of its lifetime is left.
    static let minimumLifetime = 601

    static let help = """
        vestibule apple client-secret [--client-id ID] [--lifetime SECONDS] [settings]

          Prints a new client secret: an ES256 JWT signed with your Sign in with Apple key, with kid = your
          Key ID, iss = your Team ID, sub = the client ID, aud = https://appleid.apple.com, iat five seconds
          in the past (Apple refuses one from a clock ahead of its own) and exp = iat + lifetime.

          The team, the key and the Services ID come from the usual settings, as `serve` reads them: flags
          (--apple-team-id, --apple-key-id, --apple-private-key-file, --apple-services-id), VESTIBULE_APPLE_…
          variables or the --config file. The key may instead be given as its PEM text in
          VESTIBULE_APPLE_PRIVATE_KEY, which keeps it out of files.

            --client-id ID       The secret's sub: the Services ID (the default) for the web flow, or an app's
                                 bundle ID to exchange that app's codes.
            --lifetime SECONDS   How long it is valid: \(minimumLifetime) to \(Int(AppleClientSecrets.maximumLifetime)) \
        (six months, Apple's limit); default \(defaultLifetime).

          Exit status: 0 printed; 78 a setting missing or unusable, or a lifetime out of range.
        """

    static func run(_ arguments: [String], environment: [String: String]) throws {
        let options = try CommandLineOptions(arguments, valued: ["--client-id", "--lifetime"])
        let lifetime = try lifetime(options.value("--lifetime"))
        let clientID = try options.value("--client-id")
        let configuration = try ConfigurationLoader(arguments: options.rest, environment: environment).load()
        // The loader refuses a partial set, so any one of them present means all are.
        guard let teamID = configuration.appleTeamID, let keyID = configuration.appleKeyID,
              let servicesID = configuration.appleServicesID
        else {
            throw CommandFailure.usage(
                "client-secret needs your Sign in with Apple settings apple-team-id, apple-key-id, apple-services-id "
                    + "and the key (apple-private-key-file or VESTIBULE_APPLE_PRIVATE_KEY); none of them is set."
            )
        }
        let secret: String
        do throws(AppleError) {
            let credentials = try AppleCredentials(
                teamID: teamID, keyID: keyID, privateKey: try AppleCredentials.privateKey(pem: try Application.applePrivateKeyPEM(configuration)),
                servicesID: servicesID, bundleIDs: configuration.appleBundleIDs,
                redirectURI: ""  // minting does not use it
            )
            secret = try AppleClientSecrets(
                credentials: credentials, audience: AppleEndpoints.apple.issuer, lifetime: TimeInterval(lifetime)
            ).mint(for: clientID ?? servicesID, now: Date())
        } catch {
            throw CommandFailure.usage("client-secret: \(error.reason).")
        }
        print(secret)
    }

    private static func lifetime(_ text: String?) throws(CommandFailure) -> Int {
        guard let text else { return defaultLifetime }
        let maximum = Int(AppleClientSecrets.maximumLifetime)
        guard let seconds = Int(text), seconds <= maximum, seconds >= minimumLifetime else {
            throw .usage(
                "--lifetime must be whole seconds from \(minimumLifetime) to \(maximum): Apple refuses a client secret "
                    + "valid for more than six months; got \(text)."
            )
        }
        return seconds
    }
}
