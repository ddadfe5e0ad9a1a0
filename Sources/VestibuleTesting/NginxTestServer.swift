import Foundation

/// Debian's nginx on 127.0.0.1: the load balancer in front of several `vestibule serve` processes, or any
/// proxy configuration a test spells out (``init(port:upstreams:locations:)``). nginx cannot listen on port 0,
/// so it takes a ``PortReservation``, which it keeps until it stops; the caller reserves it, as the instances
/// behind a load balancer must be told its origin before it starts.
///
/// It writes a configuration into a fresh temporary directory and runs nginx in the foreground
/// (`daemon off`) as a child leading its own process group, with one worker, so that its upstream
/// bookkeeping (which instance failed) is one state. As a load balancer, requests are passed round-robin to
/// `upstreamPorts` with `X-Forwarded-For` appended; the proxy policy is in ``loadBalancer(upstreamPorts:)``.
///
/// Every request is written to an access log the tests read back with ``accessLog()``: the client's
/// `X-Test-Tag` header, the status nginx answered, and every instance nginx tried for it.
///
/// It owns the process (a ``ForegroundDaemon``): ``stop()`` (also from `deinit`) ends nginx and its worker and
/// removes the directory; a watchdog shell does the same should the test process die first.
public final class NginxTestServer: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// One request as nginx logged it.
    public struct AccessLogEntry: Sendable {
        /// The request's `X-Test-Tag` header, or `-` without one.
        public let tag: String
        public let method: String
        public let path: String
        /// What nginx answered the client.
        public let status: Int
        /// Every instance nginx passed the request to, in order (`127.0.0.1:PORT`): two when it retried.
        public let upstreams: [String]
    }

    /// The header whose value the access log records, to find a client's request in it.
    public static let tagHeader = "X-Test-Tag"

    /// Whether nginx is installed (`scripts/install-deps.sh test` installs it).
    public static var isAvailable: Bool { executable != nil }

    private static let executable: String? = {
        ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/opt/homebrew/bin/nginx", "/usr/local/bin/nginx"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Where nginx answers itself, without an upstream, to say it is up.
    private static let readinessPath = "/__nginx-test-ready"

    public var port: Int { reservation.port }
    private let reservation: PortReservation
    private let daemon: ForegroundDaemon
    private var directory: String { daemon.directory }

    /// Starts nginx on 127.0.0.1 and the reserved `port` in front of the instances listening on `upstreamPorts`,
    /// and waits until it answers.
    public convenience init(port: PortReservation, upstreamPorts: [Int]) throws(Failure) {
        let balancer = Self.loadBalancer(upstreamPorts: upstreamPorts)
        try self.init(port: port, upstreams: balancer.upstreams, locations: balancer.locations)
    }

    /// Starts nginx on 127.0.0.1 and the reserved `port` with the caller's `upstream` blocks (inside `http`) and
    /// `location` blocks (inside its one `server`), and waits until it answers. The rest (paths, logs, the
    /// readiness location) is the same as the load balancer's.
    public init(port: PortReservation, upstreams: String, locations: String) throws(Failure) {
        guard let executable = Self.executable else {
            throw Failure(description: "nginx is not installed; run scripts/install-deps.sh test")
        }
        reservation = port
        do {
            daemon = try ForegroundDaemon(name: "nginx", pidFile: "nginx.pid") { directory in
                let configurationFile = "\(directory)/nginx.conf"
                try Data(Self.configuration(port: port.port, upstreams: upstreams, locations: locations, directory: directory).utf8)
                    .write(to: URL(fileURLWithPath: configurationFile))
                return (executable, ["-c", configurationFile, "-p", directory, "-e", "\(directory)/error.log"])
            }
            try daemon.waitUntilReady(timeout: .seconds(10), log: { errorLog }) { Self.answersReadiness(port: port.port) }
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// The requests logged so far, oldest first, once the requests tagged `awaited` are among them (or
    /// after `timeout`): nginx writes a request's line after it has answered, so a client can hold the
    /// response before the line exists.
    public func accessLog(awaiting awaited: Set<String> = [], timeout: Duration = .seconds(5)) -> [AccessLogEntry] {
        _ = eventually(timeout: timeout) { awaited.isSubset(of: readAccessLog().map(\.tag)) }
        return readAccessLog()
    }

    private func readAccessLog() -> [AccessLogEntry] {
        let text = (try? String(contentsOfFile: "\(directory)/access.log", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let status = Int(fields[3]) else { return nil }
            // "127.0.0.1:8001, 127.0.0.1:8002", or "-" when nginx answered itself.
            let upstreams = fields[4].split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                .filter { $0 != "-" && $0 != ":" }
            return AccessLogEntry(tag: fields[0], method: fields[1], path: fields[2], status: status, upstreams: upstreams)
        }
    }

    /// nginx's own messages (start-up problems, upstreams it gave up on).
    public var errorLog: String { daemon.logs(["output.log", "error.log"]) }

    /// Stops nginx (SIGTERM, then SIGKILL to its whole process group after 5 seconds) and removes its files.
    /// Safe to call more than once.
    public func stop() { daemon.stop() }

    private static func answersReadiness(port: Int) -> Bool {
        guard let connection = try? RawConnection(port: port, timeout: 2),
              (try? connection.send("GET \(readinessPath) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")) != nil
        else { return false }
        return (try? connection.readResponse())??.status == 204
    }

    /// The whole configuration around the caller's upstreams and locations.
    static func configuration(port: Int, upstreams: String, locations: String, directory: String) -> String {
        let temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
            .map { "  \($0)_temp_path \(directory)/\($0);" }.joined(separator: "\n")
        return """
            daemon off;
            worker_processes 1;
            pid \(directory)/nginx.pid;
            error_log \(directory)/error.log warn;
            events { worker_connections 1024; }
            http {
              log_format tagged '$http_x_test_tag|$request_method|$uri|$status|$upstream_addr';
              access_log \(directory)/access.log tagged;
            \(temporary)
            \(upstreams)
              server {
                listen 127.0.0.1:\(port);
                location = \(readinessPath) { access_log off; return 204; }
            \(locations)
              }
            }
            """
    }

    /// The load balancer's upstream and location. The retry policy is the point of it, so it is spelled out
    /// rather than left to nginx's defaults.
    static func loadBalancer(upstreamPorts: [Int]) -> (upstreams: String, locations: String) {
        let servers = upstreamPorts.map {
            // One failure takes an instance out of the rotation for 10 s: after a crash the survivor gets the
            // traffic at once, instead of every other request first trying the dead one.
            "    server 127.0.0.1:\($0) max_fails=1 fail_timeout=10s;"
        }.joined(separator: "\n")
        let upstreams = """
              upstream vestibule {
            \(servers)
                # No `keepalive` pool: each request opens its own connection, so a request reaches an
                # instance only if it was sent while that instance was alive, which keeps the tests'
                # accounting of failed requests exact.
              }
            """
        let locations = """
                location / {
                  proxy_pass http://vestibule;
                  proxy_set_header Host $http_host;
                  # Vestibule (--trust-proxy-headers) takes the last entry, the address nginx saw; what the
                  # client sent before it is kept but not believed.
                  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                  # On a connection error or timeout, try the next instance, at most once more. nginx does
                  # this for any request an instance never received (connection refused), but passes on a
                  # request it already sent only when it is idempotent (not POST, LOCK, PATCH): a POST on an
                  # instance that died may have committed, and sending it again applies it twice (with
                  # `non_idempotent`, the cluster test saw a sign-out the dead instance had committed come
                  # back 403 from the survivor), so nginx answers 502 and the client decides. Vestibule's
                  # own 5xx answers are not retried either (no http_5xx): they are answers, not failures.
                  proxy_next_upstream error timeout;
                  proxy_next_upstream_tries 2;
                  proxy_connect_timeout 2s;
                }
            """
        return (upstreams, locations)
    }
}
