import Foundation
import Testing
@testable import VestibuleLogging

/// The text of a log line: what operators' tools parse, so it stays as it was when its making got cheaper.
@Suite struct LogLineTests {
    /// Instants whose fractions are exact in binary, so that Foundation's rounding cannot differ from ours.
    @Test(arguments: [0, 0.5, 951_782_400.25, 1_796_342_107.125, 4_102_444_799.875])
    func theTimestampIsTheOneFoundationsISO8601StyleGives(instant: Double) {
        let date = Date(timeIntervalSince1970: instant)
        let milliseconds = Int((instant - instant.rounded(.down)) * 1000)
        let expected = date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
        #expect(LogTimestamp.format(secondsSince1970: Int(instant), milliseconds: milliseconds) == expected)
    }

    @Test func aLineIsTheTimeTheLevelTheLabelTheMessageAndTheMetadataInOrder() throws {
        let capture = LogCapture()
        Logger(label: "http", sink: capture.sink).info("request", ["method": "GET", "path": "/a b", "empty": ""])
        let line = capture.text
        let time = try #require(line.split(separator: " ").first)
        #expect(time.count == 23 && time.hasPrefix("20"))
        #expect(line.dropFirst(24) == #"info http: request method=GET path="/a b" empty="""#)
    }

    @Test(arguments: [
        ("plain", "plain"), ("", #""""#), ("a b", #""a b""#), ("a=b", #""a=b""#), (#"say "hi""#, #""say \"hi\"""#),
        ("back\\slash", "back\\slash"), ("two\nlines", #""two\nlines""#), ("cr\rtab\t", #""cr\rtab\t""#),
        ("bell\u{7}del\u{7F}", #""bell\x07del\x7F""#), ("\u{1B}[31m", #""\x1B[31m""#), ("日本語", "日本語"),
        ("日本 語", #""日本 語""#),
    ])
    func aValueIsQuotedAndEscapedOnlyWhenItMustBe(value: String, written: String) {
        var line = ""
        Logger.appendQuoted(value, to: &line)
        #expect(line == written)
    }

    @Test func linesBelowTheMinimumLevelAreNotWritten() {
        let capture = LogCapture()
        let logger = Logger(label: "t", minimumLevel: .notice, sink: capture.sink)
        logger.info("hidden")
        logger.notice("shown")
        #expect(!capture.text.contains("hidden") && capture.text.contains("shown"))
    }
}
