import Foundation
import VestibuleApple
import VestibuleCommandLine
import VestibuleCrypto
import VestibuleJSON

/// `vestibule apple verify`: checks an identity token or a notification offline, with the verifier the server
/// uses, against a key set in a file and a clock that can be fixed (real Apple tokens in test vectors are
/// expired).
enum AppleVerifyCommand {
    static let help = """
        vestibule apple verify --keys JWKS_FILE --audience AUD [--audience AUD…] [--issuer URL]
                               [--nonce RAW [--native]] [--code CODE] [--access-token TOKEN]
                               [--now UNIX_SECONDS] [--notification] TOKEN|-

          Verifies a Sign in with Apple identity token (or, with --notification, the payload JWS of a
          server-to-server notification) without the network, as Vestibule does: RS256 only, the key
          chosen by kid, iss, aud, exp and iat with 60 seconds of leeway, then the nonce and the
          c_hash/at_hash bindings. Prints the verified claims as JSON. Give - to read the token from
          standard input, which keeps it out of the process list.

            --keys FILE        The key set: the JSON of https://appleid.apple.com/auth/keys, saved.
            --audience AUD     A client ID the token may be for (Services ID or bundle ID); repeatable.
            --issuer URL       The expected iss; default https://appleid.apple.com.
            --nonce RAW        The web flow: the token's nonce must be RAW.
            --native           With --nonce: a native app's token, whose nonce is hex(SHA-256(RAW)).
            --code, --access-token
                               Must match the token's c_hash / at_hash.
            --now SECONDS      Verify as of this Unix time instead of now.
            --notification     TOKEN is a notification; prints jti, type, sub, aud, event_time (ms), email.

          Exit status: 0 valid; 1 invalid ("invalid: " and the reason); 78 usage errors, a key file that
          cannot be read or holds no usable key.
        """

    static func run(_ arguments: [String]) throws {
        let options = try CommandLineOptions(
            arguments,
            valued: ["--keys", "--audience", "--issuer", "--nonce", "--code", "--access-token", "--now"],
            switches: ["--notification", "--native"]
        )
        if let unknown = options.rest.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            throw CommandFailure.usage("Unknown option \(unknown) for verify. Run `vestibule apple --help`.")
        }
        guard options.rest.count == 1, let tokenArgument = options.rest.first else {
            throw CommandFailure.usage("verify takes one token (or - to read it from standard input); \(options.rest.count) given.")
        }
        guard let keysFile = try options.value("--keys") else {
            throw CommandFailure.usage("verify needs --keys FILE, the saved JSON of Apple's /auth/keys.")
        }
        let audiences = options.values("--audience")
        guard !audiences.isEmpty else {
            throw CommandFailure.usage("verify needs --audience, the client ID the token must be for.")
        }
        let now = try instant(options.value("--now"))
        let jwks = try keySet(keysFile)
        let verifier = AppleTokenVerifier(
            issuer: try options.value("--issuer") ?? AppleEndpoints.apple.issuer,
            audiences: Set(audiences),
            keys: KeyCache(jwks: jwks),
            // Offline: fetching again finds the same file, so an unknown kid fails as one.
            fetchKeys: { jwks },
            clock: { now }
        )
        let isNotification = options.contains(switch: "--notification")
        let bindings = ["--nonce", "--code", "--access-token"].filter { !options.values($0).isEmpty }
        if isNotification, !bindings.isEmpty {
            throw CommandFailure.usage("\(bindings.joined(separator: ", ")) belong to identity tokens, not notifications.")
        }
        let nonce = try nonceCheck(options)
        let code = try options.value("--code")
        let accessToken = try options.value("--access-token")
        let token = tokenArgument == "-" ? readStandardInput() : tokenArgument
        let claims: JSONValue
        do throws(AppleError) {
            claims = isNotification
                ? json(try verifier.verifyNotification(token))
                : json(try verifier.verifyIdentityToken(token, nonce: nonce, code: code, accessToken: accessToken))
        } catch {
            throw CommandFailure.refused("invalid: \(error.reason)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(claims), as: UTF8.self))
    }

    private static func nonceCheck(_ options: CommandLineOptions) throws(CommandFailure) -> AppleTokenVerifier.NonceCheck {
        let native = options.contains(switch: "--native")
        switch try options.value("--nonce") {
        case let raw?: return native ? .hashed(raw: raw) : .raw(raw)
        case nil where native: throw .usage("--native needs --nonce, the raw nonce the app kept.")
        case nil: return AppleTokenVerifier.NonceCheck.none
        }
    }

    private static func instant(_ text: String?) throws(CommandFailure) -> Date {
        guard let text else { return Date() }
        guard let seconds = Double(text), seconds.isFinite else {
            throw .usage("--now must be a Unix time in seconds, like 1697734674; got \(text).")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The key set, refused with exit 78 when unreadable or without one usable key: that is the operator's
    /// input at fault, not the token.
    private static func keySet(_ path: String) throws(CommandFailure) -> JWKS {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .usage("The key set \(path) cannot be read. Check the path and its permissions.")
        }
        guard let jwks = try? JSONDecoder().decode(JWKS.self, from: data) else {
            throw .usage("The key set \(path) is not a JWKS, a JSON object like {\"keys\": [{\"kty\": \"RSA\", …}]}.")
        }
        guard !KeyCache(jwks: jwks).keyIDs.isEmpty else {
            throw .usage("The key set \(path) holds no usable key (each needs a kid and a valid public key).")
        }
        return jwks
    }

    private static func readStandardInput() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func json(_ token: AppleIdentityToken) -> JSONValue {
        var claims: [String: JSONValue] = [
            "sub": .string(token.subject),
            "aud": .string(token.audience),
            "email_verified": .bool(token.emailVerified),
            "is_private_email": .bool(token.isPrivateEmail),
            "exp": .number(token.expiresAt.timeIntervalSince1970),
        ]
        claims["email"] = token.email.map(JSONValue.string)
        claims["real_user_status"] = token.realUserStatus.map { .number(Double($0)) }
        return .object(claims)
    }

    private static func json(_ notification: AppleNotification) -> JSONValue {
        var claims: [String: JSONValue] = [
            "jti": .string(notification.id),
            "type": .string(notification.kind.rawValue),
            "sub": .string(notification.subject),
            "aud": .string(notification.audience),
            // Milliseconds, as Apple's event_time.
            "event_time": .number((notification.eventTime.timeIntervalSince1970 * 1000).rounded()),
        ]
        claims["email"] = notification.email.map(JSONValue.string)
        return .object(claims)
    }
}
