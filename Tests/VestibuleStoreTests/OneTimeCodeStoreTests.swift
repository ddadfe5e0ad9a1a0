import Dispatch
import Synchronization
import Testing
import VestibuleCore

@Suite("One-time codes")
struct OneTimeCodeStoreTests {
    @Test(arguments: StoreBackend.allCases)
    func savedCodeIsFoundByItsPurposeAndSubjectOnly(backend: StoreBackend) throws {
        try backend.withStore { store in
            let code = Fixture.oneTimeCode(.resetPassword, subject: "ada@example.com", attempts: 2)
            try store.saveOneTimeCode(code)

            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "ada@example.com") == code)
            #expect(try store.oneTimeCode(purpose: .verifyEmail, subject: "ada@example.com") == nil)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "ADA@example.com") == nil)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "grace@example.com") == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func savingACodeReplacesTheOneForTheSamePurposeAndSubjectWithItsAttempts(backend: StoreBackend) throws {
        try backend.withStore { store in
            try store.saveOneTimeCode(Fixture.oneTimeCode(.verifyEmail, mac: [1, 2, 3], expiresAt: 900, attempts: 4))
            let other = Fixture.oneTimeCode(.resetPassword, mac: [9])
            try store.saveOneTimeCode(other)
            let replacement = Fixture.oneTimeCode(.verifyEmail, mac: [4, 5, 6], expiresAt: 1_800, attempts: 0)
            try store.saveOneTimeCode(replacement)

            #expect(try store.oneTimeCode(purpose: .verifyEmail, subject: "ada@example.com") == replacement)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "ada@example.com") == other)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordAttemptCountsOneAndReturnsTheCodeAfterwards(backend: StoreBackend) throws {
        try backend.withStore { store in
            let code = Fixture.oneTimeCode(attempts: 0)
            try store.saveOneTimeCode(code)

            var expected = code
            expected.attempts = 1
            #expect(try store.recordOneTimeCodeAttempt(purpose: code.purpose, subject: code.subject) == expected)
            expected.attempts = 2
            #expect(try store.recordOneTimeCodeAttempt(purpose: code.purpose, subject: code.subject) == expected)
            #expect(try store.oneTimeCode(purpose: code.purpose, subject: code.subject) == expected)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recordAttemptWithoutACodeIsNil(backend: StoreBackend) throws {
        try backend.withStore { store throws in
            #expect(try store.recordOneTimeCodeAttempt(purpose: .verifyEmail, subject: "nobody@example.com") == nil)
            #expect(try store.oneTimeCode(purpose: .verifyEmail, subject: "nobody@example.com") == nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func concurrentAttemptsAreEachCounted(backend: StoreBackend) throws {
        try backend.withStore { store in
            let code = Fixture.oneTimeCode()
            try store.saveOneTimeCode(code)
            let seen = Mutex<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<10 {
                    let attempts = try? store.recordOneTimeCodeAttempt(purpose: code.purpose, subject: code.subject)?
                        .attempts
                    seen.withLock { $0.append(attempts ?? -1) }
                }
            }
            #expect(seen.withLock { $0.sorted() } == Array(1...40), "every attempt saw its own count")
            #expect(try store.oneTimeCode(purpose: code.purpose, subject: code.subject)?.attempts == 40)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func consumeDeletesTheCodeOnceWhenItsMACMatches(backend: StoreBackend) throws {
        try backend.withStore { store in
            let code = Fixture.oneTimeCode(mac: [7, 7, 7])
            try store.saveOneTimeCode(code)

            #expect(try store.consumeOneTimeCode(purpose: code.purpose, subject: code.subject, mac: [7, 7, 7]))
            #expect(try store.oneTimeCode(purpose: code.purpose, subject: code.subject) == nil)
            #expect(try store.consumeOneTimeCode(purpose: code.purpose, subject: code.subject, mac: [7, 7, 7]) == false)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func consumeLeavesACodeWhoseMACChanged(backend: StoreBackend) throws {
        try backend.withStore { store in
            try store.saveOneTimeCode(Fixture.oneTimeCode(mac: [1]))
            let replacement = Fixture.oneTimeCode(mac: [2])
            try store.saveOneTimeCode(replacement)

            #expect(
                try store.consumeOneTimeCode(purpose: .resetPassword, subject: "ada@example.com", mac: [1]) == false
            )
            #expect(try store.consumeOneTimeCode(purpose: .verifyEmail, subject: "ada@example.com", mac: [2]) == false)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "ada@example.com") == replacement)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deleteExpiredCodesKeepsThoseExpiringAtOrAfterNow(backend: StoreBackend) throws {
        try backend.withStore { store in
            try store.saveOneTimeCode(Fixture.oneTimeCode(subject: "past@example.com", expiresAt: 99))
            let boundary = Fixture.oneTimeCode(subject: "now@example.com", expiresAt: 100)
            let future = Fixture.oneTimeCode(subject: "later@example.com", expiresAt: 101)
            try store.saveOneTimeCode(boundary)
            try store.saveOneTimeCode(future)

            #expect(try store.deleteExpiredOneTimeCodes(now: Fixture.date(100)) == 1)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "past@example.com") == nil)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "now@example.com") == boundary)
            #expect(try store.oneTimeCode(purpose: .resetPassword, subject: "later@example.com") == future)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func macBytesRoundTripExactly(backend: StoreBackend) throws {
        try backend.withStore { store in
            let code = Fixture.oneTimeCode(mac: Array(0...255))
            try store.saveOneTimeCode(code)
            #expect(try store.oneTimeCode(purpose: code.purpose, subject: code.subject)?.mac == Array(0...255))
        }
    }
}
