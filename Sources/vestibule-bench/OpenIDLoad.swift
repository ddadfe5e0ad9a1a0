import Foundation
import Synchronization

/// Load on the OpenID Provider's token endpoint, which wrk cannot make: every code comes from an authorization
/// request and is good once, every refresh token from the previous refresh. Several threads, each on its own
/// kept-alive connection, run the chains; prints `name rate` lines (per second) as the crypto benchmark does.
///
///     vestibule-bench oidc-exchanges --url http://127.0.0.1:PORT --cookie SESSION --client ID --key KEY \
///         --redirect-uri URI [--connections 16] [--seconds 5]
///       oidc-exchange-pairs  authorization GET (with the session cookie) then the code's token POST, as a pair
///       oidc-authorize       authorization GETs alone (codes collected, not redeemed yet)
///       oidc-token-code      token POSTs alone, redeeming the codes just collected (each within its 60 s)
///     vestibule-bench oidc-refresh (same options)
///       oidc-refresh         refresh grants; each connection runs one chain, every grant presenting the refresh
///                            token the previous one returned (a chain's first token comes from an untimed exchange)
///
/// The client authenticates with HTTP Basic, sends no PKCE (the bench client is registered with
/// `requirePKCE: false`), and asks for `openid email offline_access`. Any answer but the expected one stops it.
enum OpenIDLoad {
    static let commands = ["oidc-exchanges", "oidc-refresh"]

    struct Options: Sendable {
        var url = ""
        var cookie = ""
        var client = ""
        var key = ""
        var redirectURI = ""
        var connections = 16
        var seconds = 5.0

        init(_ arguments: [String]) throws {
            var index = 0
            while index < arguments.count {
                guard index + 1 < arguments.count else { throw BenchmarkError("\(arguments[index]) needs a value") }
                let value = arguments[index + 1]
                switch arguments[index] {
                case "--url": url = value
                case "--cookie": cookie = value
                case "--client": client = value
                case "--key": key = value
                case "--redirect-uri": redirectURI = value
                case "--connections": connections = Int(value) ?? 0
                case "--seconds": seconds = Double(value) ?? 0
                default: throw BenchmarkError("unknown option \(arguments[index])")
                }
                index += 2
            }
            guard !url.isEmpty, !cookie.isEmpty, !client.isEmpty, !key.isEmpty, !redirectURI.isEmpty, connections > 0,
                seconds > 0
            else { throw BenchmarkError("needs --url --cookie --client --key --redirect-uri, --connections > 0, --seconds > 0") }
        }
    }

    static func main(command: String, arguments: [String]) {
        do {
            let options = try Options(arguments)
            switch command {
            case "oidc-exchanges":
                let (pairs, _) = try timed(options) { connection, _ in
                    let code = try authorize(connection, options)
                    _ = try redeem(code, connection, options)
                }
                CryptoBenchmark.report("oidc-exchange-pairs", pairs)
                let codes = Shared([String]())
                let (authorizations, _) = try timed(options) { connection, _ in
                    let code = try authorize(connection, options)
                    codes.withLock { $0.append(code) }
                }
                CryptoBenchmark.report("oidc-authorize", authorizations)
                // Stops when the deadline passes or the codes run out, whichever comes first.
                let (redemptions, _) = try timedWhile(options) { connection, _ in
                    guard let code = codes.withLock({ $0.popLast() }) else { return false }
                    _ = try redeem(code, connection, options)
                    return true
                }
                CryptoBenchmark.report("oidc-token-code", redemptions)
            case "oidc-refresh":
                let tokens = Shared([String?](repeating: nil, count: options.connections))
                _ = try timed(options, seconds: 0) { connection, chain in
                    let refreshToken = try redeem(try authorize(connection, options), connection, options)
                    tokens.withLock { $0[chain] = refreshToken }
                }
                let (refreshes, _) = try timed(options) { connection, chain in
                    let presented = tokens.withLock { $0[chain]! }
                    let next = try refresh(presented, connection, options)
                    tokens.withLock { $0[chain] = next }
                }
                CryptoBenchmark.report("oidc-refresh", refreshes)
            default:
                throw BenchmarkError("unknown command \(command)")
            }
        } catch {
            FileHandle.standardError.write(Data("vestibule-bench \(command): \(error)\n".utf8))
            exit(1)
        }
    }

    // MARK: - The requests

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    private static func encoded(_ value: String) -> String { value.addingPercentEncoding(withAllowedCharacters: unreserved)! }

    /// `GET /oidc/authorize` as the signed-in browser sends it; returns the code from the 303's Location.
    static func authorize(_ connection: HTTPConnection, _ options: Options) throws -> String {
        let path = "/oidc/authorize?client_id=\(encoded(options.client))&redirect_uri=\(encoded(options.redirectURI))"
            + "&response_type=code&scope=openid%20email%20offline_access&state=s"
        let response = try connection.send(method: "GET", path: path, headers: ["Cookie: vestibule_session=\(options.cookie)"])
        guard response.status == 303, let location = response.header("Location"),
            let code = URLComponents(string: location)?.queryItems?.first(where: { $0.name == "code" })?.value
        else { throw BenchmarkError("authorize answered \(response.status) \(response.header("Location") ?? "") \(response.text.prefix(300))") }
        return code
    }

    /// `POST /oidc/token` with the code; returns the refresh token.
    static func redeem(_ code: String, _ connection: HTTPConnection, _ options: Options) throws -> String {
        try token("grant_type=authorization_code&code=\(encoded(code))&redirect_uri=\(encoded(options.redirectURI))", connection, options)
    }

    /// `POST /oidc/token` with a refresh token; returns the one that replaces it.
    static func refresh(_ refreshToken: String, _ connection: HTTPConnection, _ options: Options) throws -> String {
        try token("grant_type=refresh_token&refresh_token=\(encoded(refreshToken))", connection, options)
    }

    private static func token(_ body: String, _ connection: HTTPConnection, _ options: Options) throws -> String {
        let basic = Data("\(encoded(options.client)):\(encoded(options.key))".utf8).base64EncodedString()
        let response = try connection.send(
            method: "POST", path: "/oidc/token",
            headers: ["Authorization: Basic \(basic)", "Content-Type: application/x-www-form-urlencoded"], body: body
        )
        // Both tokens must be there: a reply without an ID token is not the work being measured.
        let text = response.text
        guard response.status == 200, text.contains(#""id_token":""#), text.contains(#""access_token":""#),
            let refreshToken = stringMember("refresh_token", of: text)
        else { throw BenchmarkError("token answered \(response.status) \(text.prefix(300))") }
        return refreshToken
    }

    /// A JSON string member's value, found without a JSON parser: the client's own CPU shares the machine
    /// with the server it measures. Token values are base64url or hex, without escapes.
    private static func stringMember(_ name: String, of json: String) -> String? {
        guard let start = json.range(of: "\"\(name)\":\"")?.upperBound, let end = json[start...].firstIndex(of: "\"")
        else { return nil }
        return String(json[start..<end])
    }

    // MARK: - Threads

    /// State the load threads share, behind a lock (a `Mutex` cannot be captured by an escaping closure itself).
    final class Shared<Value>: Sendable {
        private let mutex: Mutex<Value>
        init(_ value: sending Value) { mutex = Mutex(value) }
        func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
            try mutex.withLock(body)
        }
    }

    /// Connections kept across the phases of one command, one per thread index; each is used by one thread at
    /// a time, and handed to the next phase only after the previous one joined.
    private final class Pool: @unchecked Sendable {
        var connections: [HTTPConnection] = []
    }
    nonisolated(unsafe) private static var pool = Pool()

    /// Runs `unit` on `options.connections` threads, each on its own connection, repeatedly until `seconds`
    /// have passed (`0`: once each), and returns completed units per second and their count. A unit that
    /// returns `false` ends its thread without counting (no more work).
    @discardableResult
    static func timedWhile(
        _ options: Options, seconds: Double? = nil, _ unit: @escaping @Sendable (HTTPConnection, Int) throws -> Bool
    ) throws -> (rate: Double, count: Int) {
        if pool.connections.isEmpty {
            pool.connections = try (0..<options.connections).map { _ in try HTTPConnection(url: options.url) }
        }
        let seconds = seconds ?? options.seconds
        let clock = ContinuousClock()
        let results = Shared<[(count: Int, end: ContinuousClock.Instant, error: (any Error)?)]>([])
        let finished = DispatchSemaphore(value: 0)
        let start = clock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        let connections = pool
        for index in 0..<options.connections {
            let thread = Thread {
                let connection = connections.connections[index]
                var count = 0
                var failure: (any Error)?
                do {
                    repeat {
                        guard try unit(connection, index) else { break }
                        count += 1
                    } while clock.now < deadline
                } catch { failure = error }
                let end = clock.now
                results.withLock { $0.append((count, end, failure)) }
                finished.signal()
            }
            thread.start()
        }
        for _ in 0..<options.connections { finished.wait() }
        return try results.withLock { results in
            if let failure = results.compactMap(\.error).first { throw failure }
            let count = results.reduce(0) { $0 + $1.count }
            let end = results.map(\.end).max() ?? start
            let elapsed = end - start
            let elapsedSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return (elapsedSeconds > 0 ? Double(count) / elapsedSeconds : 0, count)
        }
    }

    /// `timedWhile` for units that always have more work.
    @discardableResult
    static func timed(
        _ options: Options, seconds: Double? = nil, _ unit: @escaping @Sendable (HTTPConnection, Int) throws -> Void
    ) throws -> (rate: Double, count: Int) {
        try timedWhile(options, seconds: seconds) { connection, index -> Bool in
            try unit(connection, index)
            return true
        }
    }
}
