import Foundation
import Synchronization
import Testing
import VestibuleAppTesting
import VestibuleTesting

/// More password sign-ins than the machine can hash, against a real `vestibule serve`: Vestibule turns the
/// surplus away at once with 503 and `Retry-After` (every hash and waiting place taken) rather than queueing
/// them, session checks keep answering meanwhile, and memory stays bounded (`docs/reliability.md`).
@Suite(.serialized) struct OverloadTests {
    /// Clients hammering the sign-in form, each from its own address (so that no per-address limit answers
    /// first), each sign-in with an address never tried (so no per-account limit does either).
    static let flooders = 24
    static let floodTime: Duration = .seconds(4)

    @Test func aFloodOfPasswordSignInsIsShedWhileSessionChecksKeepAnsweringInBoundedMemory() throws {
        let scratch = try ScratchDirectory(prefix: "vestibule-overload")
        let vestibule = try DevelopmentVestibule(
            folder: scratch.path, arguments: ["--sign-in-attempts-per-minute", "1000000", "--log-level", "error"]
        )
        defer { vestibule.stop() }
        let port = vestibule.process.port
        let person = SocketBrowser(port: port, origin: vestibule.origin, name: "person")
        try person.createPasswordAccount(
            email: "ada@example.com", password: "correct horse battery staple", dataDirectories: [vestibule.dataDirectory]
        )

        let signIns = Mutex([SocketBrowser.Exchange]())
        let checks = Mutex([SocketBrowser.Exchange]())
        let stop = ContinuousClock.now + Self.floodTime
        let group = DispatchGroup()
        for flooder in 0..<Self.flooders {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                let browser = SocketBrowser(
                    port: port, origin: vestibule.origin, source: "127.0.1.\(flooder + 1)", name: "flood\(flooder)"
                )
                let form = browser.get("/sign-in")
                guard let csrf = csrfToken(in: form.text) else { return }
                var attempt = 0
                while ContinuousClock.now < stop {
                    attempt += 1
                    let exchange = browser.post(
                        "/sign-in",
                        ["email": "nobody-\(flooder)-\(attempt)@example.com", "password": "not the password", "csrf": csrf]
                    )
                    signIns.withLock { $0.append(exchange) }
                }
            }
        }
        // The person's session is checked all the while, one request after another, as an app's proxy would.
        while ContinuousClock.now < stop {
            let exchange = person.get("/api/v1/session")
            checks.withLock { $0.append(exchange) }
        }
        group.wait()

        let answered = signIns.withLock { $0 }
        let shed = answered.filter { $0.status == 503 }
        let served = answered.filter { $0.status == 401 }
        #expect(!served.isEmpty, "sign-ins were hashed and answered all along")
        #expect(!shed.isEmpty, "the surplus was turned away")
        #expect(served.count + shed.count == answered.count, "every sign-in was answered 401 or 503: \(Self.statuses(answered))")
        #expect(shed.allSatisfy { $0.response?.header("Retry-After") == "1" })
        // Turned away at once: not after a wait in a queue.
        #expect(Self.median(shed) < .milliseconds(250), "median 503 after \(Self.median(shed))")

        let sessionChecks = checks.withLock { $0 }
        #expect(sessionChecks.count >= 20)
        #expect(sessionChecks.allSatisfy { $0.status == 200 }, "\(Self.statuses(sessionChecks))")
        #expect(Self.median(sessionChecks) < .milliseconds(250), "median session check \(Self.median(sessionChecks))")
        let peak = try #require(vestibule.process.peakResidentBytes)
        #expect(peak < 256 * 1024 * 1024, "peak RSS \(peak / 1024 / 1024) MiB")
    }

    private static func median(_ exchanges: [SocketBrowser.Exchange]) -> Duration {
        let times = exchanges.map { $0.ended - $0.started }.sorted()
        return times.isEmpty ? .zero : times[times.count / 2]
    }

    private static func statuses(_ exchanges: [SocketBrowser.Exchange]) -> [String: Int] {
        Dictionary(grouping: exchanges) { $0.status.map(String.init) ?? "none" }.mapValues(\.count)
    }
}
