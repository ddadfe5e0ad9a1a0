import Testing
import VestibuleJSON

@Suite struct JSONSyntaxTests {
    @Test(arguments: [
        "{}", "[]", "0", "-0", "1.5e-3", "-12E+2", "\"\"", "true", "false", "null", " \t\r\n[ 1 , {\"a\" : [ ] } ] ",
        #"{"a":{"b":[1,2,{"c":null}]},"d":"\u00e9\ud83d\ude00\n\"\\\/\b\f\r\t"}"#, #"["é水😀"]"#,
        "[1.7976931348623157e308]", "[2.5e-320]", "[0.0e-999]", "[-0e5]",
    ])
    func acceptsJSON(_ text: String) {
        #expect(JSONSyntax.isValid(Array(text.utf8)))
    }

    /// What `Fuzz/` found Foundation's `JSONDecoder` accepting in a member a type does not read, and more of the
    /// grammar's edges.
    @Test(arguments: [
        "", " ", "{\"a\":1,}", "[1,]", "[18.]", "[01]", "[+1]", "[.5]", "[1e]", "[1.e3]", "[-]", "[\"\\x\"]", "[\"\u{1}\"]",
        "[\"\\ud800\"]", "[\"\\udc00\\ud800\"]", "[\"\\u00zz\"]", "[\"a]", "{\"a\" 1}", "{\"a\":}", "{1:2}", "[1 2]",
        "[1],", "{} {}", "tru", "nul", "NaN", "[Infinity]", "{\"a\":1", "[", "\u{FEFF}{}", "[1]\u{0}",
        // Numbers no Double holds: JSONValue refused them while a type that skips the member accepted them.
        "[1e309]", "[-1.8E160111]", "[1e-400]",
    ])
    func refusesWhatIsNotJSON(_ text: String) {
        #expect(!JSONSyntax.isValid(Array(text.utf8)))
        #expect(JSONValue(parsing: Array(text.utf8)) == nil)
    }

    @Test func refusesInvalidUTF8InAString() {
        let bytes = Array(#"{"a":1,"b":""#.utf8) + [0x8B, 0x93] + Array(#""}"#.utf8)
        #expect(!JSONSyntax.isValid(bytes))
    }

    @Test func nestingIsLimitedToFoundationsDepthWithoutRecursion() {
        let depth = JSONSyntax.maximumDepth
        #expect(JSONSyntax.isValid(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)))
        #expect(!JSONSyntax.isValid(Array((String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)).utf8)))
        // A very deep document is refused quickly and without exhausting the stack.
        #expect(!JSONSyntax.isValid(Array(repeating: UInt8(ascii: "["), count: 1_000_000)))
    }
}
