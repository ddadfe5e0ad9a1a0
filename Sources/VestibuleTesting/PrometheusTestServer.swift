import Foundation

/// Debian's Prometheus (`prometheus` package) on 127.0.0.1, scraping one target every second, with its query
/// API for the test to read what it scraped. Prometheus cannot listen on port 0 and report the port, so it takes
/// a ``PortReservation``, which it keeps until it stops (Go sets `SO_REUSEADDR`, as the reservation needs).
///
/// It runs in the foreground as a child leading its own process group, from a fresh directory holding its
/// configuration and its database (`--storage.tsdb.path`: the package's default, /var/lib/prometheus, is the
/// system service's); ``stop()`` (also from `deinit`) ends it and removes the directory.
public final class PrometheusTestServer: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Whether Prometheus is installed (`scripts/install-deps.sh test` installs it).
    public static var isAvailable: Bool { executable != nil }

    /// `promtool`, which comes with it, or nil.
    public static let promtool: String? = installed("promtool")

    private static let executable: String? = installed("prometheus")

    private static func installed(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public var port: Int { reservation.port }
    private let reservation: PortReservation
    private let daemon: ForegroundDaemon

    /// Starts Prometheus on the reserved `port`, scraping `http://127.0.0.1:<targetPort>/metrics` every second,
    /// and waits until it is ready.
    public init(port: PortReservation, targetPort: Int) throws(Failure) {
        guard let executable = Self.executable else {
            throw Failure(description: "prometheus is not installed; run scripts/install-deps.sh test")
        }
        reservation = port
        do {
            daemon = try ForegroundDaemon(name: "prometheus", pidFile: "prometheus.pid") { directory in
                let configurationFile = "\(directory)/prometheus.yml"
                try Data(Self.configuration(targetPort: targetPort).utf8).write(
                    to: URL(fileURLWithPath: configurationFile))
                // Prometheus writes no pid file, which the watchdog needs: the shell writes its own pid and becomes
                // Prometheus.
                let command = """
                    echo $$ > '\(directory)/prometheus.pid'; exec '\(executable)' --config.file='\(configurationFile)' \
                    --storage.tsdb.path='\(directory)/data' --web.listen-address=127.0.0.1:\(port.port) --log.level=warn
                    """
                return ("/bin/sh", ["-c", command])
            }
            try daemon.waitUntilReady(timeout: .seconds(20), log: { daemon.logs(["output.log"]) }) {
                (try? get("/-/ready").status) == 200
            }
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// The values of the instant vector `expression` evaluates to now (empty before the first scrape that has
    /// the series).
    public func query(_ expression: String) throws -> [Double] {
        let encoded = expression.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let response = try get("/api/v1/query?query=\(encoded)")
        guard response.status == 200,
            let reply = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
            let data = reply["data"] as? [String: Any], let result = data["result"] as? [[String: Any]]
        else { throw Failure(description: "the query \(expression) failed: \(response.status) \(response.text)") }
        // Each sample is [time, "value"].
        return result.compactMap { ($0["value"] as? [Any])?.last as? String }.compactMap(Double.init)
    }

    /// The state of the one scrape target (`up`, `down`, `unknown`) and its last error, from `/api/v1/targets`.
    public func targetHealth() throws -> String {
        try get("/api/v1/targets").text
    }

    /// Prometheus' own messages.
    public var log: String { daemon.logs(["output.log"]) }

    /// Stops Prometheus and removes its directory. Safe to call more than once.
    public func stop() { daemon.stop() }

    /// HTTP/1.0, so that Go answers unchunked and closes: what ``RawConnection`` reads.
    private func get(_ target: String) throws -> RawConnection.Response {
        let connection = try RawConnection(port: port, timeout: 5)
        try connection.send("GET \(target) HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        guard let response = try connection.readResponse() else {
            throw Failure(description: "no answer to GET \(target)")
        }
        return response
    }

    static func configuration(targetPort: Int) -> String {
        """
        global:
          scrape_interval: 1s
          evaluation_interval: 1s
        scrape_configs:
          - job_name: vestibule
            scrape_interval: 1s
            scrape_timeout: 1s
            static_configs:
              - targets: ['127.0.0.1:\(targetPort)']
        """
    }
}
