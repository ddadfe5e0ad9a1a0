import Dispatch
import Synchronization
import Testing
import VestibuleCore
import VestibuleCrypto
import VestibuleTesting

@Suite struct OneTimeCodesTests {
    let store: any Store
    let clock = TestClock(startingAt: TestClock.fixedStart)
    let codes: OneTimeCodes
    let ada = try! EmailAddress("ada@example.com")

    init() throws {
        store = try makeTestStore()
        codes = OneTimeCodes(store: store, key: SecureRandom.bytes(32), clock: clock.now)
    }

    @Test func anIssuedCodeIsSixDigitsAndRedeemsOnce() throws {
        let code = try codes.issue(.verifyEmail, for: ada)
        #expect(code.count == 6 && code.allSatisfy(\.isASCII) && code.allSatisfy(\.isNumber))
        #expect(try codes.redeem(code, purpose: .verifyEmail, for: ada))
        #expect(try codes.redeem(code, purpose: .verifyEmail, for: ada) == false)
    }

    @Test func onlyARandomSeedIsStoredNeverTheCode() throws {
        let code = try codes.issue(.resetPassword, for: ada)
        let stored = try #require(try store.oneTimeCode(purpose: .resetPassword, subject: "ada@example.com"))
        #expect(stored.seed.count == 16)
        #expect(!stored.seed.contains(subsequence: Array(code.utf8)))
        let sameSeedOtherKey = OneTimeCodes(store: store, key: SecureRandom.bytes(32), clock: clock.now)
        #expect(try sameSeedOtherKey.redeem(code, purpose: .resetPassword, for: ada) == false, "the code needs the key")
    }

    @Test func aCodeExpiresAfterFifteenMinutes() throws {
        let early = try codes.issue(.verifyEmail, for: ada)
        clock.advance(by: 900)
        #expect(try codes.redeem(early, purpose: .verifyEmail, for: ada), "still valid at exactly 15 minutes")

        let late = try codes.issue(.verifyEmail, for: ada)
        clock.advance(by: 901)
        #expect(try codes.redeem(late, purpose: .verifyEmail, for: ada) == false)
    }

    @Test func aCodeLocksAfterFiveWrongAttemptsEvenIfTheSixthIsRight() throws {
        let code = try codes.issue(.resetPassword, for: ada)
        let wrong = code == "000000" ? "111111" : "000000"
        for _ in 0..<5 { #expect(try codes.redeem(wrong, purpose: .resetPassword, for: ada) == false) }
        let error = #expect(throws: AccountError.self) { try codes.redeem(code, purpose: .resetPassword, for: ada) }
        #expect(error?.code == .tooManyAttempts)
    }

    @Test func theRightCodeWorksOnTheFifthAttempt() throws {
        let code = try codes.issue(.resetPassword, for: ada)
        let wrong = code == "000000" ? "111111" : "000000"
        for _ in 0..<4 { #expect(try codes.redeem(wrong, purpose: .resetPassword, for: ada) == false) }
        #expect(try codes.redeem(code, purpose: .resetPassword, for: ada))
    }

    /// Someone else's request for Ada's code must neither cancel the one in her inbox nor give a guesser fresh tries.
    @Test func askingAgainWhileACodeIsPendingGivesTheSameCodeWithItsTries() throws {
        let code = try codes.issue(.verifyEmail, for: ada)
        for _ in 0..<3 { #expect(try codes.redeem(Self.wrong(code), purpose: .verifyEmail, for: ada) == false) }
        clock.advance(by: 600)
        #expect(try codes.issue(.verifyEmail, for: ada) == code)
        clock.advance(by: 600)
        for _ in 0..<2 { #expect(try codes.redeem(Self.wrong(code), purpose: .verifyEmail, for: ada) == false) }
        let error = #expect(throws: AccountError.self) { try codes.redeem(code, purpose: .verifyEmail, for: ada) }
        #expect(error?.code == .tooManyAttempts, "five tries in all; and, mailed again, the code lived 15 more minutes")
    }

    /// A code tried out gives way to a new one, but an address has twenty tries a day whatever the codes.
    @Test func anAddressHasTwentyTriesADayAcrossItsCodes() throws {
        for _ in 0..<4 {
            let code = try codes.issue(.resetPassword, for: ada)
            for _ in 0..<5 { #expect(try codes.redeem(Self.wrong(code), purpose: .resetPassword, for: ada) == false) }
            clock.advance(by: 3_600)
            #expect(try codes.purgeExpired() == 0, "the expired code's row keeps the day's count")
        }
        let fifth = try codes.issue(.resetPassword, for: ada)
        let error = #expect(throws: AccountError.self) { try codes.redeem(fifth, purpose: .resetPassword, for: ada) }
        #expect(error?.code == .tooManyAttempts)

        clock.advance(by: 86_400)
        #expect(try codes.redeem(try codes.issue(.resetPassword, for: ada), purpose: .resetPassword, for: ada))
    }

    @Test func aCodeIsBoundToItsPurposeAndAddress() throws {
        let grace = try EmailAddress("grace@example.com")
        let code = try codes.issue(.verifyEmail, for: ada)
        _ = try codes.issue(.resetPassword, for: ada)
        // Copying Ada's stored seed to a row of Grace's does not make Ada's code work for Grace.
        let adas = try #require(try store.oneTimeCode(purpose: .verifyEmail, subject: ada.value))
        _ = try store.issueOneTimeCode(
            StoredOneTimeCode(
                purpose: .verifyEmail, subject: grace.value, seed: adas.seed, expiresAt: adas.expiresAt,
                countingSince: clock.now()
            ),
            keepingLiveCodeTriedFewerThan: 5, now: clock.now()
        )

        #expect(try codes.redeem(code, purpose: .resetPassword, for: ada) == false)
        #expect(try codes.redeem(code, purpose: .verifyEmail, for: grace) == false)
        #expect(try codes.redeem(code, purpose: .verifyEmail, for: ada))
    }

    @Test func aCodeIssuedUnderAnotherKeyDoesNotVerify() throws {
        let code = try codes.issue(.verifyEmail, for: ada)
        let otherKey = OneTimeCodes(store: store, key: SecureRandom.bytes(32), clock: clock.now)
        #expect(try otherKey.redeem(code, purpose: .verifyEmail, for: ada) == false)
    }

    @Test func spacesAndHyphensInACodeAreIgnoredAndMalformedInputNeverMatches() throws {
        let code = try codes.issue(.verifyEmail, for: ada)
        for malformed in ["", "12345", "1234567", "abcdef", "١٢٣٤٥٦", code + "0"] {
            #expect(try codes.redeem(malformed, purpose: .verifyEmail, for: ada) == false)
        }
        let spaced = code.prefix(3) + " " + code.dropFirst(3)
        #expect(try codes.redeem(" " + spaced + " ", purpose: .verifyEmail, for: ada))
    }

    @Test func ofConcurrentRedemptionsOfOneCodeExactlyOneSucceeds() throws {
        let code = try codes.issue(.resetPassword, for: ada)
        let successes = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            if (try? codes.redeem(code, purpose: .resetPassword, for: ada)) == true {
                successes.add(1, ordering: .relaxed)
            }
        }
        #expect(successes.load(ordering: .relaxed) == 1)
    }

    @Test func redeemingWhenNoCodeWasIssuedIsFalse() throws {
        #expect(try codes.redeem("123456", purpose: .verifyEmail, for: ada) == false)
    }

    @Test func codesAreUniformlyDrawnSixDigitStrings() throws {
        var firstDigits: Set<Character> = []
        var all: Set<String> = []
        for index in 0..<500 {
            let code = try codes.issue(.verifyEmail, for: try EmailAddress("person\(index)@example.com"))
            #expect(code.utf8.count == 6 && code.utf8.allSatisfy { (0x30...0x39).contains($0) }, "\(code)")
            firstDigits.insert(code.first!)
            all.insert(code)
        }
        #expect(firstDigits.count == 10, "leading zeros kept, every digit appears")
        #expect(all.count > 480)
    }

    private static func wrong(_ code: String) -> String { code == "000000" ? "111111" : "000000" }

    @Test func purgeExpiredDeletesOnlyExpiredCodes() throws {
        _ = try codes.issue(.verifyEmail, for: ada)
        clock.advance(by: 600)
        _ = try codes.issue(.resetPassword, for: ada)
        clock.advance(by: 600)
        #expect(try codes.purgeExpired() == 1)
        #expect(try store.oneTimeCode(purpose: .verifyEmail, subject: ada.value) == nil)
        #expect(try store.oneTimeCode(purpose: .resetPassword, subject: ada.value) != nil)
    }
}
