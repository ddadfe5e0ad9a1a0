import Foundation
import Synchronization
import VestibuleAppTesting
import VestibuleCrypto
import VestibuleTesting

/// Threads that each, over and over until stopped, sign in with a password (a committed session), open the
/// change-password page with that session (an authenticated read, on whichever instance the balancer picks)
/// and, every other time, sign out (a committed delete); the other sessions stay, so that the database must
/// hold them. Every request is kept with its outcome, for the test to audit against the database.
///
/// Each thread is its own browser from its own loopback address. After a failed step it drops its session
/// cookie and starts again from signing in: it never builds on an outcome it does not know.
final class SessionChurn: Sendable {
    enum Step: Sendable { case signIn, page, signOut }

    /// One request of the churn.
    struct Record: Sendable {
        let step: Step
        let exchange: SocketBrowser.Exchange
        /// The session the step made (sign-in) or used (page, sign-out); nil when sign-in failed.
        let token: String?

        /// The answer a working deployment gives: a redirect after signing in and out, the page itself (not
        /// a redirect to sign in).
        var succeeded: Bool {
            switch step {
            // A password sign-in goes on to `/continue` (the account page), or first to the one-time passkey offer.
            case .signIn:
                exchange.status == 303 && ["/continue", "/account/passkey-offer"].contains(exchange.location) && token != nil
            case .page: exchange.status == 200 && exchange.text.contains(#"name="new-password""#)
            case .signOut: exchange.status == 303 && exchange.location == "/"
            }
        }

        /// The hex SHA-256 of the token, as the database stores it.
        var tokenHash: String? {
            token.map { SHA2.sha256($0).map { String(format: "%02x", $0) }.joined() }
        }
    }

    private let port: Int
    private let origin: String
    private let email: String
    private let password: String
    private let running = Atomic<Bool>(true)
    private let records = Mutex<[Record]>([])
    private let group = DispatchGroup()

    init(port: Int, origin: String, email: String, password: String) {
        self.port = port
        self.origin = origin
        self.email = email
        self.password = password
    }

    /// Starts `workers` threads; worker `n` connects from 127.0.0.(10 + n).
    func start(workers: Int) {
        for worker in 0..<workers {
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                let browser = SocketBrowser(port: port, origin: origin, source: "127.0.0.\(10 + worker)", name: "churn\(worker)")
                churn(browser)
            }
        }
    }

    /// Every request so far; safe to call while the threads run.
    var recordsSoFar: [Record] { records.withLock { $0 } }

    /// Stops the threads after their current step and returns every request they made.
    func finish() -> [Record] {
        running.store(false, ordering: .relaxed)
        group.wait()
        return records.withLock { $0 }
    }

    private func churn(_ browser: SocketBrowser) {
        // Signed out, anti-forgery tokens are bound to the visitor cookie, which stays: one token serves
        // every sign-in of this browser.
        var visitorToken: String?
        var cycle = 0
        while running.load(ordering: .relaxed) {
            guard let token = visitorToken else {
                browser.get("/sign-in")
                visitorToken = csrfToken(in: browser.lastPage)
                continue
            }
            browser[cookie: "vestibule_session"] = nil
            let signIn = browser.post("/sign-in", ["email": email, "password": password, "csrf": token])
            let session = signIn.status == 303 ? browser[cookie: "vestibule_session"] : nil
            // A page that only a live session opens, and cheap: unlike /account, it does not list the
            // account's sessions, which the churn multiplies.
            guard keep(Record(step: .signIn, exchange: signIn, token: session)),
                keep(Record(step: .page, exchange: browser.get("/account/password"), token: session))
            else { continue }
            cycle += 1
            if cycle.isMultiple(of: 2) {
                // With the page's form token, bound to this session.
                keep(Record(step: .signOut, exchange: browser.post("/sign-out", [:]), token: session))
            }
        }
    }

    /// Adds `record` to what the test will audit; returns whether the step succeeded.
    @discardableResult
    private func keep(_ record: Record) -> Bool {
        records.withLock { $0.append(record) }
        return record.succeeded
    }
}
