import Testing
import VestibuleCrypto

@Suite struct SecretBoxTests {
    private let oldKey = SecretKey.generate()
    private let newKey = SecretKey.generate()
    private let secret = Array("refresh-token-123".utf8)

    @Test func sealedDataOpensToThePlaintext() throws {
        let box = try SecretBox(keys: [newKey])
        let sealed = box.seal(secret, associatedData: Array("row 7".utf8))
        #expect(try box.open(sealed, associatedData: Array("row 7".utf8)) == secret)
        #expect(try box.open(box.seal([])) == [])
    }

    @Test func sealingTwiceGivesDifferentCiphertexts() throws {
        let box = try SecretBox(keys: [newKey])
        #expect(box.seal(secret) != box.seal(secret))
    }

    @Test func everyTamperedByteIsRejected() throws {
        let box = try SecretBox(keys: [newKey])
        let sealed = box.seal(secret)
        let headerLength = 2 + newKey.id.utf8.count
        for index in headerLength..<sealed.count {
            var tampered = sealed
            tampered[index] ^= 0x01
            #expect(throws: CryptoError.self) { try box.open(tampered) }
        }
        #expect(throws: CryptoError.self) { try box.open(Array(sealed.dropLast())) }
    }

    @Test func wrongAssociatedDataIsRejected() throws {
        let box = try SecretBox(keys: [newKey])
        let sealed = box.seal(secret, associatedData: Array("row 7".utf8))
        #expect(throws: CryptoError.self) { try box.open(sealed, associatedData: Array("row 8".utf8)) }
        #expect(throws: CryptoError.self) { try box.open(sealed) }
    }

    @Test func dataSealedUnderTheOldKeyOpensWithTheRotatedRingAndNeedsResealing() throws {
        let sealed = try SecretBox(keys: [oldKey]).seal(secret)
        let rotated = try SecretBox(keys: [newKey, oldKey])
        #expect(try rotated.open(sealed) == secret)
        #expect(rotated.needsResealing(sealed))
        #expect(!rotated.needsResealing(rotated.seal(secret)))
    }

    @Test func dataSealedUnderARetiredKeyNoLongerOpens() throws {
        let sealed = try SecretBox(keys: [oldKey]).seal(secret)
        let error = #expect(throws: CryptoError.self) { try SecretBox(keys: [newKey]).open(sealed) }
        #expect(error?.code == .unknownKeyID)
    }

    @Test func keyWithTheSameIdButOtherBytesFailsAuthentication() throws {
        let sealed = try SecretBox(keys: [SecretKey.generate(id: "k1")]).seal(secret)
        let error = #expect(throws: CryptoError.self) { try SecretBox(keys: [SecretKey.generate(id: "k1")]).open(sealed) }
        #expect(error?.code == .authenticationFailed)
    }

    @Test func emptyRingsAndDuplicateIdsAreRefused() {
        #expect(throws: CryptoError.self) { try SecretBox(keys: []) }
        #expect(throws: CryptoError.self) { try SecretBox(keys: [oldKey, oldKey]) }
    }

    @Test func garbageIsNotASealedBox() throws {
        let box = try SecretBox(keys: [newKey])
        #expect(throws: CryptoError.self) { try box.open([]) }
        #expect(throws: CryptoError.self) { try box.open([1, 200, 1, 2, 3]) }
        #expect(!box.needsResealing([9, 9, 9]))
    }
}
