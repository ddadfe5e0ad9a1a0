import Foundation
import Testing
import VestibuleAppTesting
import VestibuleTesting

/// Two `vestibule serve` processes on one PostgreSQL database behind a real nginx: both answer one
/// browser's session, each sees the client's address rather than the proxy's, and when one stalls and is
/// killed under load, nothing acknowledged is lost and only the writes it had in flight fail.
@Suite(.serialized, .enabled(if: PostgresTestServer.isAvailable && NginxTestServer.isAvailable, "needs PostgreSQL and nginx (make test installs them)"))
struct NginxClusterTests {
    static let password = "correct horse battery staple"

    @Test func bothInstancesServeOneSessionAndLogTheClientAddressNotTheProxys() throws {
        let cluster = try NginxCluster()
        defer { cluster.stop() }
        let browser = SocketBrowser(port: cluster.nginx.port, origin: cluster.origin, source: "127.0.0.2", name: "ada")
        try browser.createPasswordAccount(
            email: "ada@example.com", password: Self.password, dataDirectories: cluster.dataDirectories
        )

        // A forged X-Forwarded-For from the client: nginx appends the address it saw, and Vestibule must take
        // that one, or anyone could pick the address their rate limits are counted against.
        let visits = (0..<8).map { _ in browser.get("/account", headers: ["X-Forwarded-For": "203.0.113.7"]) }
        #expect(visits.allSatisfy { $0.status == 200 && $0.text.contains("Using a password") }, "\(visits.map(\.status))")

        let ids = visits.compactMap(\.requestID)
        #expect(ids.count == visits.count)
        let answeredBy = ids.map { cluster.instance(thatAnswered: $0) }
        #expect(Set(answeredBy) == [0, 1], "round-robin reached both instances: \(answeredBy)")
        for instance in cluster.instances {
            let lines = instance.log.split(separator: "\n").filter { line in ids.contains { line.contains("request_id=\($0) ") } }
            #expect(lines.allSatisfy { $0.contains("path=/account status=200") && $0.hasSuffix("remote=127.0.0.2") }, "\(lines)")
            #expect(!instance.log.contains("203.0.113.7"))
        }

        // Signing out through one instance ends the session on both: the old cookie, presented again (as a
        // thief who copied it would), is refused by each.
        let session = browser[cookie: "vestibule_session"]
        try browser.post("/sign-out", [:]).expect(303)
        browser[cookie: "vestibule_session"] = session
        let afterwards = (0..<2).map { _ in browser.get("/account") }
        #expect(afterwards.allSatisfy { $0.status == 303 && $0.location == "/sign-in" }, "\(afterwards.map(\.status))")
        #expect(Set(afterwards.map { $0.requestID.flatMap { cluster.instance(thatAnswered: $0) } }) == [0, 1])
    }

    @Test func killingOneInstanceUnderLoadLosesNothingCommittedAndFailsOnlyWhatItHadInFlight() throws {
        let cluster = try NginxCluster()
        defer { cluster.stop() }
        let email = "grace@example.com"
        try SocketBrowser(port: cluster.nginx.port, origin: cluster.origin, source: "127.0.0.2", name: "owner")
            .createPasswordAccount(email: email, password: Self.password, dataDirectories: cluster.dataDirectories)
        let (survivor, victim) = (cluster.instances[0], cluster.instances[1])

        let workers = 4
        let churn = SessionChurn(port: cluster.nginx.port, origin: cluster.origin, email: email, password: Self.password)
        churn.start(workers: workers)
        try eventually("20 sign-outs through the cluster", timeout: .seconds(15)) {
            churn.recordsSoFar.filter { $0.step == .signOut && $0.succeeded }.count >= 20
        }
        // Frozen first (a stalled process), so that requests pile up on it: every other probe gets stuck
        // there. Then killed outright. The frozen victim cannot say what it holds; its listen queue can.
        victim.signal(SIGSTOP)
        try eventually("the instance frozen") { victim.isStopped }
        let queued = { ListenQueue.length(onPort: victim.port) }
        let queuedBefore = queued()
        let probes = ProbeVolley(count: 6, port: cluster.nginx.port, origin: cluster.origin, target: "/healthz")
        try eventually("two probes queued on the frozen instance", timeout: .seconds(10)) { queued() >= queuedBefore + 2 }
        victim.killImmediately()
        // From here on the victim's sockets are closed: no request sent later can reach it.
        let victimGone = ContinuousClock.now
        // The survivor carries the churn alone, for as long as the sign-outs counted below take.
        try eventually("20 sign-outs through the survivor after the kill", timeout: .seconds(30)) {
            churn.recordsSoFar.filter { $0.exchange.started > victimGone && $0.step == .signOut && $0.succeeded }.count >= 20
        }
        let records = churn.finish()
        let probed = probes.answers()

        let logged = cluster.nginx.accessLog(awaiting: Set((records.map(\.exchange) + probed).map(\.tag)))
        let proxied = Dictionary(logged.map { ($0.tag, $0) }, uniquingKeysWith: { $1 })
        let before = records.filter { $0.exchange.started < victimGone }
        let after = records.filter { $0.exchange.started > victimGone }
        let failures = records.filter { !$0.succeeded }
        // Requests nginx sent to the victim, then to the survivor: GETs whatever happened, POSTs only when
        // the victim's connection was refused.
        let passedOn = proxied.values.filter { $0.upstreams.count > 1 }
        print("""
            churn behind nginx: \(records.count) requests, \(before.count) before the kill and \(after.count) after; \
            \(failures.count) failed \(failures.map { "\($0.step) \($0.exchange.status ?? 0)" }); nginx passed \
            \(passedOn.filter { $0.method == "GET" }.count) GETs and \(passedOn.filter { $0.method == "POST" }.count) POSTs \
            on to the survivor
            """)

        // Before the kill, both instances took the churn's writes.
        let writers = Set(before.filter { $0.step != .page }.compactMap { proxied[$0.exchange.tag]?.upstreams.last })
        #expect(writers == [cluster.upstream(survivor), cluster.upstream(victim)], "\(writers)")

        // Only what was in flight on the victim failed: at most one request per worker, each a POST that nginx
        // had already sent to the victim (GETs it passes on to the survivor), sent before the victim died,
        // answered 502 by nginx.
        #expect(failures.count <= workers, "\(failures.map(\.exchange))")
        for failure in failures {
            let exchange = failure.exchange
            #expect(failure.step != .page, "a read failed instead of being retried: \(exchange)")
            #expect(exchange.status == 502, "\(exchange)")
            #expect(exchange.started < victimGone, "\(exchange)")
            #expect(proxied[exchange.tag]?.upstreams.last == cluster.upstream(victim), "\(String(describing: proxied[exchange.tag]))")
        }

        // The GETs stuck on the victim were passed on to the survivor, and answered.
        #expect(probed.allSatisfy { $0.status == 200 }, "\(probed)")
        let probesPassedOn = probed.filter { proxied[$0.tag]?.upstreams == [cluster.upstream(victim), cluster.upstream(survivor)] }
        #expect(probesPassedOn.count >= 2, "\(probed.map { proxied[$0.tag] })")

        // The survivor carried on alone.
        let laterSignOuts = after.filter { $0.step == .signOut && $0.succeeded }
        #expect(laterSignOuts.count >= 5, "the churn went on after the kill: \(after.count) requests")
        let elsewhere = after.filter { proxied[$0.exchange.tag]?.upstreams.last != cluster.upstream(survivor) }
        #expect(elsewhere.isEmpty, "\(elsewhere.map { ($0.exchange, proxied[$0.exchange.tag]) })")

        // Nothing acknowledged was lost: every session whose sign-in succeeded is stored unless it was signed
        // out (or its sign-out failed, with an unknown outcome), and every acknowledged sign-out deleted its
        // session, whichever instance committed it and whichever died.
        let stored = try cluster.storedSessionTokenHashes()
        let signedIn = Set(records.filter { $0.step == .signIn && $0.succeeded }.compactMap(\.tokenHash))
        let signedOut = Set(records.filter { $0.step == .signOut && $0.succeeded }.compactMap(\.tokenHash))
        let unknown = Set(records.filter { $0.step == .signOut && !$0.succeeded }.compactMap(\.tokenHash))
        let live = signedIn.subtracting(signedOut).subtracting(unknown)
        #expect(live.count >= 20 && signedOut.count >= 20, "\(live.count) sessions kept, \(signedOut.count) ended")
        print("checked in PostgreSQL: \(live.count) acknowledged sessions stored, \(signedOut.count) acknowledged sign-outs gone")
        #expect(live.isSubset(of: stored), "\(live.subtracting(stored).count) acknowledged sessions are missing")
        #expect(signedOut.isDisjoint(with: stored), "\(signedOut.intersection(stored).count) signed-out sessions remain")
    }
}
