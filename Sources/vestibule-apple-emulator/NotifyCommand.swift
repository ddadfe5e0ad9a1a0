import Foundation
import VestibuleAppleEmulator
import VestibuleCommandLine
import VestibuleHTTPClient
import VestibuleJSON

/// `vestibule-apple-emulator notify`: what a person does in their Apple ID settings, played on a running
/// emulator, which signs the notification and delivers it to Vestibule as Apple would.
enum NotifyCommand {
    static let types = ["email-disabled", "email-enabled", "consent-revoked", "account-delete"]
    static let defaultClientID = DevelopmentTeam.servicesID
    static let defaultEmulator = "http://127.0.0.1:8081"

    static let help = """
        Usage: vestibule-apple-emulator notify TYPE --sub SUB [--client-id ID] [--emulator URL]

        Asks a running `vestibule-apple-emulator serve` to sign a server-to-server notification and deliver it to Vestibule's /apple/notifications, as
        Apple does when a person changes their Apple ID settings. Prints the status Vestibule answered and
        the notification's jti. Development and tests only: Apple's servers cannot be asked this.

          TYPE             \(types.joined(separator: ", ")).
          --sub SUB        The person's Apple sub: one the emulator has signed in (the `user` of a native
                           authorization, or an Apple identity in Vestibule).
          --client-id ID   The notification's aud; default \(defaultClientID), the emulator's Services ID.
          --emulator URL   The emulator's origin; default \(defaultEmulator). `serve` prints it at start-up.

        Exit status: 0 Vestibule answered 2xx; 1 it answered otherwise, or the emulator refused or could not
        be reached; 78 usage errors.
        """

    static func run(_ arguments: [String]) throws {
        let options = try CommandLineOptions(arguments, valued: ["--sub", "--client-id", "--emulator"])
        guard options.rest.count == 1, let type = options.rest.first, types.contains(type) else {
            throw CommandFailure.usage("notify takes one TYPE, one of \(types.joined(separator: ", ")); got \(options.rest).")
        }
        guard let subject = try options.value("--sub") else {
            throw CommandFailure.usage("notify needs --sub, the Apple sub the notification is about.")
        }
        let emulator = try options.value("--emulator") ?? defaultEmulator
        guard let url = URL(string: emulator), ["http", "https"].contains(url.scheme ?? ""), url.host() != nil else {
            throw CommandFailure.usage("--emulator must be the emulator's origin, like \(defaultEmulator); got \(emulator).")
        }
        let request: JSONValue = [
            "type": .string(type), "sub": .string(subject),
            "clientID": .string(try options.value("--client-id") ?? defaultClientID),
        ]
        let response: HTTPClientResponse
        do {
            // The emulator answers once Vestibule has, so allow for both.
            response = try HTTPClient(userAgent: "vestibule-apple-emulator/\(EmulatorCommand.version) notify", timeout: .seconds(30))
                .postJSON(emulator.trimmingSuffix("/") + "/emulator/notify", body: request.serialized)
        } catch {
            throw CommandFailure.refused(
                "The emulator at \(emulator) cannot be reached (\(error.message)). Is `vestibule-apple-emulator serve` running?"
            )
        }
        try report(response, type: type)
    }

    /// A delivered notification comes back as `{"status", "jti"}` under Vestibule's status (no body for 204);
    /// anything else is the emulator's own refusal, in plain text.
    private static func report(_ response: HTTPClientResponse, type: String) throws(CommandFailure) {
        let answer = JSONValue(parsing: response.body)
        let delivered = answer?["jti"]?.stringValue != nil || response.status == 204
        guard delivered else {
            throw .refused("The emulator did not deliver the notification (\(response.status)): \(response.text.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let status = answer?["status"]?.intValue ?? response.status
        let line = "Vestibule answered \(status) to \(type); jti \(answer?["jti"]?.stringValue ?? "not reported for a 204")."
        guard (200..<300).contains(status) else { throw .refused(line) }
        print(line)
    }
}

