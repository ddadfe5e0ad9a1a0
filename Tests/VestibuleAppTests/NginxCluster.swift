import Foundation
import VestibuleCrypto
import VestibuleTesting

/// The README's "several instances" in miniature: `vestibule serve` processes on one fresh database of the
/// throwaway PostgreSQL cluster, with the same secret keys, behind nginx round-robin, trusting the
/// `X-Forwarded-For` nginx appends.
///
/// It owns everything it started: ``stop()`` (also from `deinit`) stops nginx and the instances, drops the
/// database and removes the data directories, also when the test failed.
final class NginxCluster {
    let postgres: PostgresTestServer
    let database: String
    let instances: [ServerProcess]
    let dataDirectories: [String]
    let nginx: NginxTestServer
    /// What people type: nginx's address, which is every instance's public URL.
    var origin: String { "http://localhost:\(nginx.port)" }

    /// Cheap password hashing (Argon2id's minimum cost here) and no sign-in rate limits: the tests sign
    /// in hundreds of times from a handful of addresses, and measure failover, not hashing.
    static let loadFriendlySettings = [
        "--password-hash-memory-kib", "8192", "--password-hash-iterations", "1",
        "--sign-in-attempts-per-minute", "1000000", "--sign-in-attempts-per-account", "1000000",
    ]

    init(instances count: Int = 2) throws {
        postgres = try PostgresTestServer.shared
        database = "cluster_\(UUID().uuidString.prefix(8).lowercased())"
        let url = try postgres.createDatabase(named: database)
        // Reserved, not 0: every instance's public URL is nginx's origin, needed before nginx can start.
        let port = try PortReservation()
        let secrets = ["VESTIBULE_SECRET_KEYS": SecretKey.generate().encoded]
        dataDirectories = (0..<count).map { _ in
            FileManager.default.temporaryDirectory.appendingPathComponent("vestibule-cluster-\(UUID().uuidString)").path
        }
        var started: [ServerProcess] = []
        do {
            for directory in dataDirectories {
                let arguments = [
                    "serve", "--development", "--port", "0", "--data-dir", directory, "--database", url,
                    "--public-url", "http://localhost:\(port.port)", "--trust-proxy-headers", "true",
                ] + Self.loadFriendlySettings
                started.append(try ServerProcess(arguments: arguments, environment: secrets))
            }
            nginx = try NginxTestServer(port: port, upstreamPorts: started.map(\.port))
        } catch {
            started.forEach { $0.stop() }
            Self.removeLeftovers(of: postgres, database: database, dataDirectories: dataDirectories)
            throw error
        }
        instances = started
    }

    deinit { stop() }

    /// The address nginx logs for `instance` among its upstreams.
    func upstream(_ instance: ServerProcess) -> String { "127.0.0.1:\(instance.port)" }

    /// The index of the instance whose access log has the request `requestID`, waiting for it: an instance
    /// logs a request after queueing its response, and its output reaches the test through a pipe.
    func instance(thatAnswered requestID: String, timeout: Duration = .seconds(5)) -> Int? {
        try? eventually("an instance's log line for \(requestID)", timeout: timeout) {
            instances.firstIndex { $0.log.contains("request_id=\(requestID) ") }
        }
    }

    /// The hex SHA-256 token hashes of every session in the database, read with psql.
    func storedSessionTokenHashes() throws -> Set<String> {
        Set(try postgres.psql("SELECT encode(token_hash, 'hex') FROM sessions", database: database))
    }

    /// Stops nginx, then every instance still running; drops the database and removes the data directories.
    /// Safe to call more than once.
    func stop() {
        nginx.stop()
        instances.forEach { $0.stop() }
        Self.removeLeftovers(of: postgres, database: database, dataDirectories: dataDirectories)
    }

    private static func removeLeftovers(of postgres: PostgresTestServer, database: String, dataDirectories: [String]) {
        try? postgres.dropDatabase(named: database)
        for directory in dataDirectories { try? FileManager.default.removeItem(atPath: directory) }
    }
}
