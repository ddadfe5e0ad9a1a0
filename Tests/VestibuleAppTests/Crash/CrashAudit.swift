import VestibuleAppTesting
import VestibuleTesting

/// What a crash test checks once its clients have stopped: every acknowledged write, first as the restarted
/// server answers for it, then, once the server is gone, in the database itself.
enum CrashAudit {
    /// Acknowledged writes the running server does not answer for: a document whose version is not the rule's
    /// (the last acknowledged version, or one more when a write was in flight without an answer), a verified
    /// password account's session or an Apple session that does not work, or an acknowledged sign-out's session
    /// that does.
    static func served(_ acknowledged: [Acknowledged], by site: DevelopmentVestibule) -> [String] {
        acknowledged.compactMap { write in
            let browser = { (source: String) in
                SocketBrowser(port: site.process.port, origin: site.origin, source: source, name: "audit")
            }
            switch write {
            case .document(let token, let source, let known, let inFlight):
                let stored = CrashClients.storedVersion(
                    of: browser(source), headers: ["Authorization": "Bearer \(token)"])
                guard let stored else { return "\(source): the document could not be read back" }
                guard stored != known, !(inFlight && stored == known + 1) else { return nil }
                return "\(source): the document is at version \(stored); \(known) acknowledged, in flight: \(inFlight)"
            case .passwordAccount(let email, let source, let session?):
                let person = browser(source)
                person[cookie: "vestibule_session"] = session
                let status = person.get("/account").status
                return status == 200
                    ? nil
                    : "\(email): its verified session answers /account with \(status.map(String.init) ?? "nothing")"
            case .passwordAccount(_, _, nil):
                return nil
            case .appleAccount(let subject, let source, let token, let signedOut):
                let status = browser(source).send(
                    "GET", "/api/v1/session", headers: ["Authorization": "Bearer \(token)"]
                ).status
                let expected: Set<Int?> =
                    switch signedOut {
                    case true?: [401]
                    case false?: [200]
                    case nil: [200, 401]
                    }
                guard !expected.contains(status) else { return nil }
                let signOut = signedOut.map(String.init) ?? "unknown"
                let answer = status.map(String.init) ?? "nothing"
                return "Apple \(subject) (signed out: \(signOut)): its session answers \(answer)"
            }
        }
    }

    /// Problems in the stopped server's database: half-made accounts (``CrashDatabase/halfMade``), and
    /// acknowledged accounts missing, made more than once, or unverified after their verification was answered.
    static func stored(_ acknowledged: [Acknowledged], in database: CrashDatabase) throws -> [String] {
        var problems: [String] = []
        for (problem, sql) in CrashDatabase.halfMade {
            let rows = try database.rows(sql)
            if !rows.isEmpty { problems.append("\(rows.count) × \(problem): \(rows.prefix(3))") }
        }
        // One row per password account: its address and whether it is verified (`yes` or `no`, the same text from
        // both backends).
        let passwords = try database.rows(
            """
            SELECT i.subject, CASE WHEN c.verified_at IS NULL THEN 'no' ELSE 'yes' END FROM identities i
            JOIN password_credentials c ON c.account_id = i.account_id WHERE i.method = 'password'
            """)
        let verified = Dictionary(grouping: passwords.map { $0.split(separator: "|").map(String.init) }) { $0[0] }
        let apple = Dictionary(grouping: try database.rows("SELECT subject FROM apple_identities")) { $0 }
        for write in acknowledged {
            switch write {
            case .document: break
            case .passwordAccount(let email, _, let session):
                let rows = verified[email] ?? []
                if rows.count != 1 { problems.append("\(email): acknowledged, stored \(rows.count) times") }
                if session != nil, rows.contains(where: { $0[1] != "yes" }) {
                    problems.append("\(email): verification acknowledged, stored unverified")
                }
            case .appleAccount(let subject, _, _, _):
                let count = apple[subject]?.count ?? 0
                if count != 1 { problems.append("Apple \(subject): acknowledged, stored \(count) times") }
            }
        }
        return problems
    }
}
