@preconcurrency import Glibc
import Foundation
import Synchronization

/// A throwaway PostgreSQL cluster on 127.0.0.1 and a free port (held by a ``PortReservation``: PostgreSQL cannot
/// listen on port 0), for testing the PostgreSQL store.
///
/// It runs `initdb` into a fresh temporary directory (through `runuser -u postgres` when the tests run as
/// root, since PostgreSQL refuses to run as root), starts the server with `pg_ctl -w` with password
/// authentication over TCP for the user `postgres`, and hands out one fresh database per test
/// (``createDatabase(named:)``). Durability is off (`fsync=off`): the data is thrown away anyway.
///
/// It owns the cluster: ``stop()`` (also from `deinit`) stops the server at once and removes its directory.
/// ``shared`` starts one cluster per test process, stopped by an `atexit` handler; a watchdog shell stops it
/// too should the test process die without running it.
public final class PostgresTestServer: @unchecked Sendable {
    // @unchecked: every stored property is set in init and only read afterwards, except `stopped`, which is
    // guarded by `lock`.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The superuser's name and the password it signs in with over TCP.
    public static let user = "postgres"
    public let password: String
    public var port: Int { reservation.port }
    /// `postgres://postgres:…@127.0.0.1:PORT/postgres`, the maintenance database.
    public var url: String { url(database: "postgres") }

    private let reservation: PortReservation
    private let binaries: String
    private let dataDirectory: String
    private let runAsPostgres: Bool
    private let lock = NSLock()
    private var stopped = false

    /// Whether PostgreSQL's server binaries are installed (`scripts/install-deps.sh test` installs them).
    public static var isAvailable: Bool { binaryDirectory != nil }

    /// Whether `pg_dump` and `pg_restore` are installed beside the server (Debian's `postgresql-client`).
    public static var hasDumpTools: Bool {
        binaryDirectory.map { directory in
            ["pg_dump", "pg_restore"].allSatisfy { FileManager.default.isExecutableFile(atPath: "\(directory)/\($0)") }
        } ?? false
    }

    /// The newest `/usr/lib/postgresql/N/bin` holding `initdb`, `pg_ctl` and `psql`.
    private static let binaryDirectory: String? = {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).sorted(by: >).map { "\(root)/\($0)/bin" }.first { directory in
            ["initdb", "pg_ctl", "psql"].allSatisfy {
                FileManager.default.isExecutableFile(atPath: "\(directory)/\($0)")
            }
        }
    }()

    /// The cluster every test of this process shares, started on first use; each test makes its own database.
    /// A failure to start is remembered, so every test reports it rather than trying again.
    public static var shared: PostgresTestServer {
        get throws {
            try sharedServer.withLock { state in
                if state == nil {
                    do {
                        let server = try PostgresTestServer()
                        state = .success(server)
                        atexit { PostgresTestServer.stopShared() }
                    } catch {
                        state = .failure(Failure(description: "\(error)"))
                    }
                }
                return try state!.get()
            }
        }
    }

    private static let sharedServer = Mutex<Result<PostgresTestServer, Failure>?>(nil)

    private static func stopShared() {
        if case .success(let server) = sharedServer.withLock({ $0 }) { server.stop() }
    }

    /// Creates and starts a cluster and waits until it accepts connections.
    public init() throws {
        guard let binaries = Self.binaryDirectory else {
            throw Failure(description: "PostgreSQL is not installed; run scripts/install-deps.sh test")
        }
        self.binaries = binaries
        password = UUID().uuidString
        reservation = try PortReservation()
        runAsPostgres = geteuid() == 0
        dataDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("vestibule-postgres-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: false)
        startWatchdog()
        do {
            try start()
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// The cluster's own directory (PGDATA), inside ``dataDirectory`` next to the log and password file.
    private var cluster: String { "\(dataDirectory)/data" }

    /// The URL of `database` on this server.
    public func url(database: String) -> String {
        "postgres://\(Self.user):\(password)@127.0.0.1:\(port)/\(database)"
    }

    /// Creates an empty database called `name` (letters, digits and `_`) and returns its URL.
    public func createDatabase(named name: String) throws -> String {
        try psql("CREATE DATABASE \(try Self.identifier(name))")
        return url(database: name)
    }

    /// Drops the database called `name`, disconnecting anyone still connected.
    public func dropDatabase(named name: String) throws {
        try psql("DROP DATABASE IF EXISTS \(try Self.identifier(name)) WITH (FORCE)")
    }

    /// Restarts the server as an operator would (`pg_ctl restart -m fast`): every session is ended, connections
    /// are refused until it is back, on the same port and data. Returns once it accepts connections again.
    public func restart() throws {
        try check("pg_ctl restart", run(asPostgres: true, "\(binaries)/pg_ctl", [
            "-D", cluster, "-l", "\(dataDirectory)/server.log", "-m", "fast", "-w", "-t", "60", "restart",
        ]))
    }

    /// Stops the server immediately and removes its files. Safe to call more than once.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        if FileManager.default.fileExists(atPath: "\(cluster)/postmaster.pid") {
            _ = try? run(asPostgres: true, "\(binaries)/pg_ctl", ["-D", cluster, "-m", "immediate", "-w", "stop"])
        }
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }

    private func start() throws {
        let passwordFile = "\(dataDirectory)/.pwfile"
        try Data(password.utf8).write(to: URL(fileURLWithPath: passwordFile))
        if runAsPostgres {
            guard let account = getpwnam("postgres") else {
                throw Failure(description: "running as root, but there is no postgres user to run PostgreSQL as")
            }
            for path in [dataDirectory, passwordFile] {
                guard chown(path, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
                    throw Failure(description: "chown \(path) failed: errno \(errno)")
                }
            }
        }
        try check("initdb", run(asPostgres: true, "\(binaries)/initdb", [
            "-D", cluster, "-U", Self.user, "-E", "UTF8", "--locale=C.UTF-8", "--auth-local=trust",
            "--auth-host=scram-sha-256", "--pwfile=\(passwordFile)", "--no-sync",
        ]))
        let options = [
            "-c listen_addresses=127.0.0.1", "-p \(port)", "-k \(dataDirectory)", "-c max_connections=200",
            "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off",
        ].joined(separator: " ")
        try check("pg_ctl start", run(asPostgres: true, "\(binaries)/pg_ctl", [
            "-D", cluster, "-l", "\(dataDirectory)/server.log", "-w", "-t", "60", "-o", options, "start",
        ]))
    }

    /// Stops the server and removes its files should the test process die without running the `atexit`
    /// handler.
    private func startWatchdog() {
        let stopCommand = runAsPostgres
            ? "runuser -u postgres -- '\(binaries)/pg_ctl' -D '\(cluster)' -m immediate stop"
            : "'\(binaries)/pg_ctl' -D '\(cluster)' -m immediate stop"
        ChildProcess.startWatchdog(cleanup: """
            if [ -f '\(cluster)/postmaster.pid' ]; then \(stopCommand) >/dev/null 2>&1; fi
            rm -rf '\(dataDirectory)'
            """)
    }

    /// Runs `sql` in `database` with psql and returns its output: unaligned, one row a line, columns
    /// separated by `|`, no headers. The tests' own reading of the database, independent of the store
    /// under test.
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> [String] {
        let result = try run(asPostgres: false, "\(binaries)/psql", [
            "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
        ] + connection(database) + ["-c", sql], environment: ["PGPASSWORD": password])
        try check("psql", result)
        return result.output.split(separator: "\n").map(String.init)
    }

    /// Dumps `database` into `file` as an operator backs Vestibule up: `pg_dump --format=custom`.
    public func dump(database: String, to file: String) throws {
        try check("pg_dump", run(asPostgres: false, "\(binaries)/pg_dump", connection(database) + [
            "--format=custom", "--file=\(file)",
        ], environment: ["PGPASSWORD": password]))
    }

    /// Restores a custom-format dump into the existing, empty `database`, as an operator restores Vestibule:
    /// `pg_restore --no-owner --exit-on-error`.
    public func restore(_ file: String, into database: String) throws {
        try check("pg_restore", run(asPostgres: false, "\(binaries)/pg_restore", connection(database) + [
            "--no-owner", "--exit-on-error", file,
        ], environment: ["PGPASSWORD": password]))
    }

    /// The options that connect a client program to `database` over TCP as ``user``.
    private func connection(_ database: String) throws -> [String] {
        _ = try Self.identifier(database)  // a plain name: the programs would read `host=…` as connection settings
        return ["-h", "127.0.0.1", "-p", String(port), "-U", Self.user, "-d", database]
    }

    private func check(_ step: String, _ result: (status: Int32, output: String)) throws {
        guard result.status == 0 else {
            let log = (try? String(contentsOfFile: "\(dataDirectory)/server.log", encoding: .utf8)) ?? ""
            throw Failure(description: "\(step) failed (status \(result.status)):\n\(result.output)\n\(log)")
        }
    }

    /// Runs a PostgreSQL program to completion (as the postgres user when `asPostgres` and running as root);
    /// returns its exit status and everything it printed.
    private func run(
        asPostgres: Bool, _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let (path, argv) = asPostgres && runAsPostgres
            ? ("/usr/sbin/runuser", ["-u", "postgres", "--", executable] + arguments)
            : (executable, arguments)
        // The output goes to a file, not a pipe: the server pg_ctl starts inherits it and outlives pg_ctl.
        let outputFile = "\(dataDirectory)/command-\(UUID().uuidString).out"
        defer { try? FileManager.default.removeItem(atPath: outputFile) }
        let exitStatus: Int32
        do {
            exitStatus = try ChildProcess.waitForExit(
                ChildProcess.spawn(path, argv, environment: environment, output: outputFile)
            )
        } catch {
            throw Failure(description: error.description)
        }
        let text = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        return (exitStatus, text)
    }

    private static func identifier(_ name: String) throws -> String {
        guard !name.isEmpty, name.count <= 63,
            name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") })
        else { throw Failure(description: "\(name) is not a plain database name") }
        return "\"\(name)\""
    }
}
