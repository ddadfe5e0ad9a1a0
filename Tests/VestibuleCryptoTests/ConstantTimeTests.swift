import Testing
import VestibuleCrypto

@Suite struct ConstantTimeTests {
    @Test func equalBytesAreEqual() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(ConstantTime.equals([UInt8](), [UInt8]()))
    }

    @Test func anyDifferingByteMakesThemUnequal() {
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([0, 2, 3], [1, 2, 3]))
    }

    @Test func differentLengthsAreUnequalEvenWithACommonPrefix() {
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
        #expect(!ConstantTime.equals([UInt8](), [0]))
    }

    @Test func comparesAcrossCollectionTypes() {
        let bytes: [UInt8] = [9, 1, 2, 3]
        #expect(ConstantTime.equals(bytes[1...], [1, 2, 3]))
        #expect(ConstantTime.equals(Array("abc".utf8), "abc".utf8))
    }
}
