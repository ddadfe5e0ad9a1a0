import Foundation
import Synchronization
import VestibuleAppTesting
import VestibuleJSON
import VestibuleTesting

/// Threads that write to a running Vestibule until stopped, noting when each write was acknowledged, so a test
/// can name the writes a backup must hold: every one acknowledged before the backup began.
///
/// Half the people (``PersonThreads``) are guests writing their document version after version (`If-Match`),
/// half sign up with a password (the account exists once `/sign-up` answers 303). Only what was acknowledged is
/// recorded; a write left without an answer is not counted, since nothing may be demanded of it.
final class BackupLoad: Sendable {
    enum Write: Sendable {
        /// The guest's `notes` document acknowledged at `version`.
        case document(guestToken: String, version: Int)
        /// The account for `email` acknowledged as created.
        case account(email: String)
    }

    struct Acknowledged: Sendable {
        let write: Write
        /// When the request was sent, and when its acknowledgement arrived.
        let sent: ContinuousClock.Instant
        let acknowledged: ContinuousClock.Instant
    }

    private static let json = ["Content-Type": "application/json"]
    private let site: DevelopmentVestibule
    private let people: PersonThreads
    private let writes = Mutex<[Acknowledged]>([])

    init(site: DevelopmentVestibule) {
        self.site = site
        people = PersonThreads(site: site, addressBlock: 40)
    }

    var acknowledged: [Acknowledged] { writes.withLock { $0 } }

    func start(workers: Int) {
        people.start(workers: workers) { [self] worker, person, browser in
            if (worker + person).isMultiple(of: 2) { writeDocument(as: browser) } else { signUp(as: browser) }
        }
    }

    /// Stops the writers once each has finished its person; returns every acknowledged write.
    func finish() -> [Acknowledged] {
        people.stop()
        return acknowledged
    }

    /// Fills the database before the load starts with `count` guests' documents of about 60 kB each, so that
    /// the backup takes many steps (of 256 pages) while the load writes between them.
    func addBallast(documents count: Int) throws {
        let ballast = #"{"ballast":"\#(String(repeating: "x", count: 60_000))"}"#
        for index in 0..<count {
            let browser = SocketBrowser(
                port: site.process.port, origin: site.origin, source: "127.39.\(index / 250).\(index % 250 + 1)",
                name: "ballast-\(index)"
            )
            guard let token = Self.newGuest(as: browser) else { throw TestFailure("a ballast guest was refused") }
            let put = browser.send(
                "PUT", CrashClients.documentPath,
                headers: Self.json.merging(["Authorization": "Bearer \(token)", "If-None-Match": "*"]) { $1 },
                body: ballast
            )
            guard put.status == 201 else { throw TestFailure("a ballast document was answered \(put.status ?? 0)") }
        }
    }

    /// A new guest's token.
    private static func newGuest(as browser: SocketBrowser) -> String? {
        let guest = browser.send("POST", "/api/v1/guests", headers: json, body: "{}")
        guard guest.status == 201 else { return nil }
        return guest.response.flatMap { JSONValue(parsing: $0.body) }?["guestToken"]?.stringValue
    }

    private func writeDocument(as browser: SocketBrowser) {
        guard let token = Self.newGuest(as: browser) else { return }
        let authorized = Self.json.merging(["Authorization": "Bearer \(token)"]) { $1 }
        for version in 1...8 where people.isRunning {
            let condition = version == 1 ? ["If-None-Match": "*"] : ["If-Match": "\"\(version - 1)\""]
            let put = browser.send(
                "PUT", CrashClients.documentPath, headers: authorized.merging(condition) { $1 },
                body: CrashClients.body(version)
            )
            guard put.status == 200 || put.status == 201 else { return }
            record(.document(guestToken: token, version: version), put)
        }
    }

    private func signUp(as browser: SocketBrowser) {
        let email = "backup-\(UUID().uuidString.prefix(12).lowercased())@example.com"
        guard browser.get("/sign-up").status == 200 else { return }
        let created = browser.post("/sign-up", ["email": email, "password": "correct horse battery staple"])
        if created.status == 303 { record(.account(email: email), created) }
    }

    private func record(_ write: Write, _ exchange: SocketBrowser.Exchange) {
        writes.withLock { $0.append(Acknowledged(write: write, sent: exchange.started, acknowledged: exchange.ended)) }
    }
}
