import Testing
@testable import VestibulePasskeys

@Suite struct CBORDecoderTests {
    private let decoder = CBORDecoder()

    /// RFC 8949 Appendix A examples within the supported subset.
    static let appendixA: [(hex: String, value: CBORValue)] = [
        ("00", .unsigned(0)),
        ("01", .unsigned(1)),
        ("0a", .unsigned(10)),
        ("17", .unsigned(23)),
        ("1818", .unsigned(24)),
        ("1819", .unsigned(25)),
        ("1864", .unsigned(100)),
        ("1903e8", .unsigned(1000)),
        ("1a000f4240", .unsigned(1_000_000)),
        ("1b000000e8d4a51000", .unsigned(1_000_000_000_000)),
        ("1bffffffffffffffff", .unsigned(18_446_744_073_709_551_615)),
        ("3bffffffffffffffff", .negative(18_446_744_073_709_551_615)),
        ("20", .negative(0)),
        ("29", .negative(9)),
        ("3863", .negative(99)),
        ("3903e7", .negative(999)),
        ("f4", .bool(false)),
        ("f5", .bool(true)),
        ("f6", .null),
        ("40", .bytes([])),
        ("4401020304", .bytes([1, 2, 3, 4])),
        ("60", .text("")),
        ("6161", .text("a")),
        ("6449455446", .text("IETF")),
        ("62225c", .text("\"\\")),
        ("62c3bc", .text("\u{00fc}")),
        ("63e6b0b4", .text("\u{6c34}")),
        ("64f0908591", .text("\u{10151}")),
        ("80", .array([])),
        ("83010203", .array([.unsigned(1), .unsigned(2), .unsigned(3)])),
        ("8301820203820405", .array([.unsigned(1), .array([.unsigned(2), .unsigned(3)]), .array([.unsigned(4), .unsigned(5)])])),
        ("98190102030405060708090a0b0c0d0e0f101112131415161718181819",
         .array((1...25).map { .unsigned(UInt64($0)) })),
        ("a0", .map([])),
        ("a201020304", .map([(.unsigned(1), .unsigned(2)), (.unsigned(3), .unsigned(4))])),
        ("a26161016162820203", .map([(.text("a"), .unsigned(1)), (.text("b"), .array([.unsigned(2), .unsigned(3)]))])),
        ("826161a161626163", .array([.text("a"), .map([(.text("b"), .text("c"))])])),
        ("a56161614161626142616361436164614461656145",
         .map([(.text("a"), .text("A")), (.text("b"), .text("B")), (.text("c"), .text("C")),
               (.text("d"), .text("D")), (.text("e"), .text("E"))])),
    ]

    @Test(arguments: appendixA.indices)
    func decodesRFC8949AppendixAExample(_ index: Int) throws {
        let (hex, value) = Self.appendixA[index]
        #expect(try decoder.decode([UInt8](hex: hex)) == value, "\(hex)")
    }

    @Test func integerAccessorsMapCOSELabels() throws {
        let map = try decoder.decode([UInt8](hex: "a3010220012158200000000000000000000000000000000000000000000000000000000000000000"))
        #expect(map[int: 1]?.intValue == 2)
        #expect(map[int: -1]?.intValue == 1)
        #expect(map[int: -2]?.bytesValue?.count == 32)
        #expect(map[int: -3] == nil)
    }

    /// Indefinite lengths, tags, floats and undefined from Appendix A, all outside the WebAuthn subset.
    @Test(arguments: [
        "5f42010243030405ff", "7f657374726561646d696e67ff", "9fff", "9f018202039f0405ffff",
        "bf61610161629f0203ffff", "c074323031332d30332d32315432303a30343a30305a", "f90000", "fb3ff199999999999a",
        "f7", "f0", "f818", "1c", "ff",
    ])
    func rejectsItemsOutsideTheSubset(_ hex: String) {
        #expect(throws: PasskeyError(.malformed)) { try decoder.decode([UInt8](hex: hex)) }
    }

    @Test(arguments: ["", "18", "1903", "1a000f42", "44010203", "64494554", "830102", "a20102", "a2010203", "5b00000000ffffffff"])
    func rejectsTruncatedInput(_ hex: String) {
        #expect(throws: PasskeyError(.malformed)) { try decoder.decode([UInt8](hex: hex)) }
    }

    @Test func rejectsTrailingBytes() {
        #expect(throws: PasskeyError(.malformed)) { try decoder.decode([0x01, 0x00]) }
        #expect(throws: PasskeyError(.malformed)) { try decoder.decode([UInt8](hex: "a0a0")) }
    }

    @Test func decodePrefixReportsWhereTheItemEnds() throws {
        let (value, end) = try decoder.decodePrefix([0xff, 0x82, 0x01, 0x02, 0xaa], from: 1)
        #expect(value == .array([.unsigned(1), .unsigned(2)]))
        #expect(end == 4)
    }

    @Test func rejectsDuplicateMapKeys() {
        #expect(throws: PasskeyError(.malformed)) { try decoder.decode([UInt8](hex: "a201020103")) }
        #expect(throws: PasskeyError(.malformed)) { try decoder.decode([UInt8](hex: "a2616101616102")) }
    }

    @Test func acceptsNonCanonicalKeyOrder() throws {
        let value = try decoder.decode([UInt8](hex: "a203040102"))
        #expect(value[int: 1]?.intValue == 2)
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: PasskeyError(.malformed)) { try decoder.decode([0x62, 0xc3, 0x28]) }
    }

    @Test func rejectsExcessiveNesting() throws {
        let depth = decoder.maximumDepth
        let accepted = [UInt8](repeating: 0x81, count: depth) + [0x00]
        _ = try decoder.decode(accepted)
        let rejected = [UInt8](repeating: 0x81, count: depth + 1) + [0x00]
        #expect(throws: PasskeyError(.malformed)) { try decoder.decode(rejected) }
        let deep = [UInt8](repeating: 0x81, count: 100_000) + [0x00]
        #expect(throws: PasskeyError(.malformed)) { try decoder.decode(deep) }
    }

    @Test func rejectsOversizedInputAndHugeDeclaredLengths() {
        let small = CBORDecoder(maximumLength: 4, maximumDepth: 4)
        #expect(throws: PasskeyError(.malformed)) { try small.decode([UInt8](hex: "4401020304")) }
        // Declared counts far beyond the input must fail fast, not allocate.
        #expect(throws: PasskeyError(.malformed)) { try decoder.decode([UInt8](hex: "9bffffffffffffffff")) }
        #expect(throws: PasskeyError(.malformed)) { try decoder.decode([UInt8](hex: "bb7fffffffffffffff")) }
        #expect(throws: PasskeyError(.malformed)) { try decoder.decode([UInt8](hex: "5bffffffffffffffff")) }
    }
}
