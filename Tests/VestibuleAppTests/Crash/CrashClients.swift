import Foundation
import Synchronization
import VestibuleAppTesting
import VestibuleCrypto
import VestibuleHTTPClient
import VestibuleJSON
import VestibuleTesting

/// Threads that write to a running Vestibule as its users do, until stopped: guests writing a document version
/// by version, password sign-ups confirmed through the development outbox, and native Sign in with Apple
/// followed half the time by a sign-out. Each person uses a loopback address of its own, as many clients would,
/// so the per-address rate limits count each apart.
///
/// Each remembers what it saw acknowledged (``Acknowledged``). A write answered 503 or not at all has an unknown
/// outcome: it may have committed or not, and the client reads back before going on. What must never happen is
/// recorded as a violation: an answer other than success or 503, a document read back at a version that loses an
/// acknowledged write, and, with `answersRequired` (the server is never killed), a request left without an answer.
final class CrashClients: Sendable {
    struct Outcome {
        var acknowledged: [Acknowledged] = []
        var violations: [String] = []
        /// Requests whose outcome was unknown: no answer, or 503.
        var unanswered = 0
        /// The longest any request waited for its answer (or for nothing).
        var slowest = Duration.zero

        /// How many writes of each kind were acknowledged.
        var tally: (documentVersions: Int, verifiedAccounts: Int, appleAccounts: Int, signOuts: Int) {
            acknowledged.reduce(into: (0, 0, 0, 0)) { tally, write in
                switch write {
                case .document(_, _, let known, _): tally.0 += known
                case .passwordAccount(_, _, let session): tally.1 += session == nil ? 0 : 1
                case .appleAccount(_, _, _, let signedOut):
                    (tally.2, tally.3) = (tally.2 + 1, tally.3 + (signedOut == true ? 1 : 0))
                }
            }
        }
    }

    static let documentPath = "/api/v1/documents/notes"
    private static let writesPerDocument = 6
    private static let jsonBody = ["Content-Type": "application/json"]

    private let site: DevelopmentVestibule
    private let answersRequired: Bool
    private let people: PersonThreads
    private let outcome = Mutex(Outcome())

    init(site: DevelopmentVestibule, answersRequired: Bool) {
        self.site = site
        self.answersRequired = answersRequired
        people = PersonThreads(site: site, addressBlock: 10)
    }

    func start(workers: Int) {
        people.start(workers: workers) { [self] worker, person, browser in
            switch (worker + person) % 3 {
            case 0: writeDocument(as: browser)
            case 1: signUpWithPassword(as: browser)
            default: signInWithApple(as: browser)
            }
        }
    }

    /// Stops the clients once each has finished its person, and returns what they saw.
    func finish() -> Outcome {
        people.stop()
        return outcome.withLock { $0 }
    }

    /// The body of the document's version `version`: each write says which version it makes.
    static func body(_ version: Int) -> String { #"{"version":\#(version)}"# }

    private func writeDocument(as browser: SocketBrowser) {
        let created = send(browser, "POST", "/api/v1/guests", headers: Self.jsonBody, body: "{}")
        guard judge(created, expecting: 201), let token = Self.json(created)?["guestToken"]?.stringValue else {
            return pause()
        }
        let headers = Self.jsonBody.merging(["Authorization": "Bearer \(token)"]) { $1 }
        var known = 0
        var inFlight = false
        for _ in 0..<Self.writesPerDocument where people.isRunning {
            if inFlight {
                guard let stored = Self.storedVersion(of: browser, headers: headers) else { break }
                guard stored == known || stored == known + 1 else {
                    return violation(
                        "\(browser.source): document read back at version \(stored), \(known) acknowledged")
                }
                (known, inFlight) = (stored, false)
            }
            let precondition = known == 0 ? ["If-None-Match": "*"] : ["If-Match": "\"\(known)\""]
            let write = send(
                browser, "PUT", Self.documentPath, headers: headers.merging(precondition) { $1 },
                body: Self.body(known + 1)
            )
            switch write.status {
            case 200, 201:
                guard Self.json(write)?["version"]?.intValue == known + 1 else {
                    return violation("\(browser.source): write of version \(known + 1) answered \(write.text)")
                }
                known += 1
            case nil, 503: inFlight = true
            case let status?: return violation("\(browser.source): PUT answered \(status): \(write.text)")
            }
        }
        record(.document(guestToken: token, source: browser.source, known: known, inFlight: inFlight))
    }

    private func signUpWithPassword(as browser: SocketBrowser) {
        let email = "crash-\(UUID().uuidString.prefix(12).lowercased())@example.com"
        guard judge(send(browser, "GET", "/sign-up"), expecting: 200) else { return pause() }
        let signUp = send(
            browser, "POST", "/sign-up", form: ["email": email, "password": "correct horse battery staple"])
        guard judge(signUp, expecting: 303) else { return }
        var session: String?
        // The code is mailed by a queue after the answer: a kill in between loses it, and the person would ask
        // for another. The account exists either way, unverified.
        if let code = try? MailedCode.wait(for: email, inDataDirectories: [site.dataDirectory], timeout: 5),
            judge(send(browser, "GET", "/verify-email"), expecting: 200)
        {
            let verified = send(browser, "POST", "/verify-email", form: ["email": email, "code": code])
            if judge(verified, expecting: 303), verified.location == "/welcome" {
                session = browser[cookie: "vestibule_session"]
            }
        }
        record(.passwordAccount(email: email, source: browser.source, session: session))
    }

    private func signInWithApple(as browser: SocketBrowser) {
        let nonceReply = send(browser, "POST", "/api/v1/apple/nonce", headers: Self.jsonBody, body: "{}")
        guard judge(nonceReply, expecting: 200), let nonce = Self.json(nonceReply)?["nonce"]?.stringValue else {
            return pause()
        }
        // What a device asks Apple for: the app's bundle ID, and the nonce hashed.
        let request = JSONValue.object([
            "clientID": .string("dev.vestibule.app"), "appleID": .string("\(browser.source)@icloud.example"),
            "nonce": .string(Hex.encode(SHA2.sha256(nonce))),
        ])
        guard
            let authorization = try? HTTPClient(userAgent: "crash test").postJSON(
                site.appleEmulator.origin + "/emulator/native-authorization", body: request.serialized
            ),
            let credential = JSONValue(parsing: authorization.body),
            let identityToken = credential["identityToken"]?.stringValue,
            let code = credential["authorizationCode"]?.stringValue,
            let subject = Self.subject(of: identityToken)
        else { return violation("the Apple ID emulator gave no credential") }
        let signInRequest = JSONValue.object([
            "credential": .object([
                "identityToken": .string(identityToken), "authorizationCode": .string(code), "nonce": .string(nonce),
            ]),
            "sessionDelivery": .string("token"),
        ])
        let signIn = send(
            browser, "POST", "/api/v1/apple/native", headers: Self.jsonBody,
            body: String(decoding: signInRequest.serialized, as: UTF8.self)
        )
        guard judge(signIn, expecting: 200), let token = Self.json(signIn)?["sessionToken"]?.stringValue else {
            return
        }
        var signedOut: Bool? = false
        if Bool.random() {
            let signOut = send(browser, "DELETE", "/api/v1/session", headers: ["Authorization": "Bearer \(token)"])
            signedOut = judge(signOut, expecting: 204) ? true : nil
        }
        record(.appleAccount(subject: subject, source: browser.source, token: token, signedOut: signedOut))
    }

    /// The version of the document stored now (0 when there is none), read until the server answers (it may be
    /// restarting); nil when it does not within 20 s. A body other than the one its version's write sent is a
    /// violation: a write applied twice, or half.
    static func storedVersion(of browser: SocketBrowser, headers: [String: String]) -> Int? {
        try? eventually("the document read back", timeout: .seconds(20)) { () -> Int? in
            let read = browser.send("GET", documentPath, headers: headers)
            switch read.status {
            case 404: return 0
            case 200:
                let version = read.response?.header("ETag").flatMap { Int($0.trimmingCharacters(in: ["\""])) } ?? -1
                return read.text == body(version) ? version : -1
            default: return nil
            }
        }
    }

    private static func json(_ exchange: SocketBrowser.Exchange) -> JSONValue? {
        exchange.response.flatMap { JSONValue(parsing: $0.body) }
    }

    /// The `sub` of an identity token, Apple's stable id of the person, read without verifying (Vestibule did).
    private static func subject(of identityToken: String) -> String? {
        let parts = identityToken.split(separator: ".")
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).flatMap { JSONValue(parsing: Array($0)) }?["sub"]?.stringValue
    }

    /// Sends a request (a form with the last page's anti-forgery token when `form` is given), counting it when
    /// its outcome is unknown; with `answersRequired`, no answer at all is a violation.
    private func send(
        _ browser: SocketBrowser, _ method: String, _ target: String, headers: [String: String] = [:],
        body: String = "",
        form: [String: String]? = nil
    ) -> SocketBrowser.Exchange {
        let exchange =
            form.map { browser.post(target, $0) } ?? browser.send(method, target, headers: headers, body: body)
        outcome.withLock {
            if exchange.status == nil || exchange.status == 503 { $0.unanswered += 1 }
            $0.slowest = max($0.slowest, exchange.ended - exchange.started)
        }
        if answersRequired, exchange.status == nil { violation("\(method) \(target) got no answer within 10 s") }
        return exchange
    }

    /// Whether `exchange` succeeded with `status`. An unknown outcome (no answer, 503) is not; any other answer
    /// is a violation.
    private func judge(_ exchange: SocketBrowser.Exchange, expecting status: Int) -> Bool {
        switch exchange.status {
        case status: return true
        case nil, 503: return false
        case let other?:
            violation(
                "\(exchange.method) \(exchange.target) answered \(other), not \(status): \(exchange.text.prefix(200))")
            return false
        }
    }

    /// A moment's wait after a person could not even start, so a server being restarted is not hammered.
    private func pause() { Thread.sleep(forTimeInterval: 0.02) }

    private func record(_ write: Acknowledged) { outcome.withLock { $0.acknowledged.append(write) } }

    private func violation(_ description: String) { outcome.withLock { $0.violations.append(description) } }
}
