import Foundation
import Testing
import VestibuleAppTesting
import VestibuleHTTP

/// "No such account" and "wrong password" must be indistinguishable: same status, same page, same time.
@Suite struct EnumerationTests {
    @Test func unknownEmailAndWrongPasswordGetTheSameAnswerInTheSameTime() throws {
        let app = try TestApplication {
            $0.signInAttemptsPerMinute = 10_000
            $0.signInAttemptsPerAccount = 10_000
        }
        defer { app.application.shutdown() }
        let owner = FormClient(app)
        try owner.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")

        let attacker = FormClient(app)
        try attacker.get("/sign-in")
        var unknown: [Duration] = []
        var wrong: [Duration] = []
        var answers: Set<String> = []
        let clock = ContinuousClock()
        // Interleaved, so machine noise falls on both sides alike.
        for attempt in 0..<50 {
            for (email, durations) in [("nobody\(attempt)@example.com", 0), ("ada@example.com", 1)] {
                let start = clock.now
                let response = try attacker.post("/sign-in", ["email": email, "password": "not the password \(attempt)"])
                let elapsed = clock.now - start
                if durations == 0 { unknown.append(elapsed) } else { wrong.append(elapsed) }
                // The page echoes the typed address back into the form; everything else must be identical.
                answers.insert("\(response.status.code) " + response.text.replacingOccurrences(of: email, with: "EMAIL"))
            }
        }
        #expect(answers.count == 1, "one status and one page for both cases")
        let unknownMedian = median(unknown)
        let wrongMedian = median(wrong)
        let ratio = unknownMedian / wrongMedian
        print("sign-in medians: unknown email \(unknownMedian) s, wrong password \(wrongMedian) s, ratio \(ratio)")
        #expect(abs(1 - ratio) <= 0.10, "medians within 10%: unknown \(unknownMedian) s, wrong \(wrongMedian) s")
    }

    private func median(_ durations: [Duration]) -> Double {
        let seconds = durations.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }.sorted()
        return seconds[seconds.count / 2]
    }
}
