import Dispatch
import Synchronization
import Testing
import VestibuleCore

@Suite("One-time codes")
struct OneTimeCodeStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func anIssuedCodeIsFoundByItsPurposeAndSubjectOnly(backend: StoreBackend) throws {
        try backend.withStore { store in
            let code = Fixture.oneTimeCode(.resetPassword, subject: "ada@example.com", attempts: 2)
            let stored = try Fixture.issue(code, in: store)
            #expect(stored == code)

            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "ada@example.com") == code)
            #expect(try store.oneTimeCode(purpose: .verifyEmail, subject: "ada@example.com") == nil)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "ADA@example.com") == nil)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "grace@example.com") == nil)
        }
    }

    /// Asked again while its code is live, the store keeps that code and its tries, and moves only its expiry.
    @Test(arguments: StoreBackend.allCases)
    func issuingAgainKeepsALiveCodeAndItsAttemptsAndMovesItsExpiry(backend: StoreBackend) throws {
        try backend.withStore { store in
            let live = try Fixture.issue(Fixture.oneTimeCode(.verifyEmail, seed: [1], expiresAt: 900, attempts: 4), in: store)
            let other = try Fixture.issue(Fixture.oneTimeCode(.resetPassword, seed: [9]), in: store)
            let again = Fixture.oneTimeCode(.verifyEmail, seed: [2], expiresAt: 1_500, countingSince: 600)

            let expected = StoredOneTimeCode(
                purpose: .verifyEmail, subject: live.subject, seed: [1], expiresAt: Fixture.date(1_500), attempts: 4,
                countingSince: live.countingSince
            )
            #expect(try store.issueOneTimeCode(again, keepingLiveCodeTriedFewerThan: 5, now: Fixture.date(600)) == expected)
            #expect(try store.oneTimeCode(purpose: .verifyEmail, subject: "ada@example.com") == expected)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "ada@example.com") == other)
        }
    }

    /// An expired code, or one tried out, gives way to the new one; the day's count of guesses stays.
    @Test(arguments: StoreBackend.allCases)
    func issuingAgainReplacesAnExpiredOrTriedOutCodeButKeepsTheDaysCount(backend: StoreBackend) throws {
        try backend.withStore { store in
            try Fixture.issue(Fixture.oneTimeCode(.verifyEmail, seed: [1], expiresAt: 900, dailyAttempts: 3), in: store)
            try Fixture.issue(
                Fixture.oneTimeCode(.resetPassword, seed: [1], expiresAt: 900, attempts: 5, dailyAttempts: 5), in: store
            )
            for (purpose, now) in [(CodePurpose.verifyEmail, Int64(901)), (.resetPassword, 100)] {
                let fresh = Fixture.oneTimeCode(purpose, seed: [2], expiresAt: now + 900, countingSince: now)
                let stored = try store.issueOneTimeCode(fresh, keepingLiveCodeTriedFewerThan: 5, now: Fixture.date(now))
                #expect(stored.seed == [2] && stored.attempts == 0 && stored.expiresAt == fresh.expiresAt)
                #expect(stored.dailyAttempts == (purpose == .verifyEmail ? 3 : 5), "\(purpose)")
                #expect(stored.countingSince == Fixture.date(0))
            }
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordAttemptCountsOneOnTheCodeAndTheDayAndReturnsTheCodeAfterwards(backend: StoreBackend) throws {
        try backend.withStore { store in
            let code = try Fixture.issue(Fixture.oneTimeCode(attempts: 0), in: store)

            var expected = code
            expected.attempts = 1
            expected.dailyAttempts = 1
            let record = { () throws -> StoredOneTimeCode? in
                try store.recordOneTimeCodeAttempt(
                    purpose: code.purpose, subject: code.subject, now: Fixture.date(60),
                    restartingCountsBefore: Fixture.date(-86_340)
                )
            }
            #expect(try record() == expected)
            expected.attempts = 2
            expected.dailyAttempts = 2
            #expect(try record() == expected)
            #expect(try store.oneTimeCode(purpose: code.purpose, subject: code.subject) == expected)
        }
    }

    /// A day after its count began, the next try starts the count again, from that try.
    @Test(arguments: StoreBackend.allCases)
    func theDaysCountStartsAgainOnceItsDayIsOver(backend: StoreBackend) throws {
        try backend.withStore { store in
            let code = try Fixture.issue(
                Fixture.oneTimeCode(expiresAt: 90_000, attempts: 1, dailyAttempts: 19, countingSince: 0), in: store
            )
            let sameDay = try store.recordOneTimeCodeAttempt(
                purpose: code.purpose, subject: code.subject, now: Fixture.date(86_400),
                restartingCountsBefore: Fixture.date(0)
            )
            #expect(sameDay?.dailyAttempts == 20 && sameDay?.countingSince == Fixture.date(0))
            let nextDay = try store.recordOneTimeCodeAttempt(
                purpose: code.purpose, subject: code.subject, now: Fixture.date(86_401),
                restartingCountsBefore: Fixture.date(1)
            )
            #expect(nextDay?.dailyAttempts == 1 && nextDay?.countingSince == Fixture.date(86_401))
            #expect(nextDay?.attempts == 3, "the code's own tries are not the day's")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordAttemptWithoutACodeIsNil(backend: StoreBackend) throws {
        try backend.withStore { store throws in
            #expect(try store.recordOneTimeCodeAttempt(
                purpose: .verifyEmail, subject: "nobody@example.com", now: Fixture.date(0),
                restartingCountsBefore: Fixture.date(-86_400)
            ) == nil)
            #expect(try store.oneTimeCode(purpose: .verifyEmail, subject: "nobody@example.com") == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func concurrentAttemptsAreEachCounted(backend: StoreBackend) throws {
        try backend.withStore { store in
            let code = try Fixture.issue(Fixture.oneTimeCode(), in: store)
            let seen = Mutex<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<10 {
                    let attempts = try? store.recordOneTimeCodeAttempt(
                        purpose: code.purpose, subject: code.subject, now: Fixture.date(1),
                        restartingCountsBefore: Fixture.date(-86_399)
                    )?.dailyAttempts
                    seen.withLock { $0.append(attempts ?? -1) }
                }
            }
            #expect(seen.withLock { $0.sorted() } == Array(1...40), "every attempt saw its own count")
            #expect(try store.oneTimeCode(purpose: code.purpose, subject: code.subject)?.attempts == 40)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func consumeDeletesTheCodeOnceWhenItsSeedMatches(backend: StoreBackend) throws {
        try backend.withStore { store in
            let code = try Fixture.issue(Fixture.oneTimeCode(seed: [7, 7, 7]), in: store)

            #expect(try store.consumeOneTimeCode(purpose: code.purpose, subject: code.subject, seed: [7, 7, 7]))
            #expect(try store.oneTimeCode(purpose: code.purpose, subject: code.subject) == nil)
            #expect(try store.consumeOneTimeCode(purpose: code.purpose, subject: code.subject, seed: [7, 7, 7]) == false)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func consumeLeavesACodeWhoseSeedChanged(backend: StoreBackend) throws {
        try backend.withStore { store in
            try Fixture.issue(Fixture.oneTimeCode(seed: [1], attempts: 5), in: store)
            let replacement = try Fixture.issue(Fixture.oneTimeCode(seed: [2]), in: store)

            #expect(
                try store.consumeOneTimeCode(purpose: .resetPassword, subject: "ada@example.com", seed: [1]) == false
            )
            #expect(try store.consumeOneTimeCode(purpose: .verifyEmail, subject: "ada@example.com", seed: [2]) == false)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "ada@example.com") == replacement)
        }
    }

    /// A row outlives its code while it remembers guesses from the last day: deleting it would restart the count.
    @Test(arguments: StoreBackend.allCases)
    func deleteExpiredCodesKeepsLiveCodesAndTheDaysCounts(backend: StoreBackend) throws {
        try backend.withStore { store in
            try Fixture.issue(Fixture.oneTimeCode(subject: "past@example.com", expiresAt: 99), in: store)
            try Fixture.issue(
                Fixture.oneTimeCode(subject: "counted-long-ago@example.com", expiresAt: 99, dailyAttempts: 3), in: store
            )
            let counting = try Fixture.issue(
                Fixture.oneTimeCode(subject: "counting@example.com", expiresAt: 99, dailyAttempts: 3, countingSince: 50),
                in: store
            )
            let boundary = try Fixture.issue(Fixture.oneTimeCode(subject: "now@example.com", expiresAt: 100), in: store)
            let future = try Fixture.issue(Fixture.oneTimeCode(subject: "later@example.com", expiresAt: 101), in: store)

            #expect(try store.deleteExpiredOneTimeCodes(now: Fixture.date(100), countingCutoff: Fixture.date(10)) == 2)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "past@example.com") == nil)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "counted-long-ago@example.com") == nil)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "counting@example.com") == counting)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "now@example.com") == boundary)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "later@example.com") == future)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func seedBytesRoundTripExactly(backend: StoreBackend) throws {
        try backend.withStore { store in
            let code = try Fixture.issue(Fixture.oneTimeCode(seed: Array(0...255)), in: store)
            #expect(try store.oneTimeCode(purpose: code.purpose, subject: code.subject)?.seed == Array(0...255))
        }
    }
}
