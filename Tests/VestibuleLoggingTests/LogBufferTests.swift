import Foundation
import Testing
@testable import VestibuleLogging

/// Log lines written in batches: routine ones soon, urgent ones at once, none lost or reordered.
@Suite struct LogBufferTests {
    /// A temporary file the buffer writes to, so a test can read what has been written so far.
    private final class Output {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString)").path
        let fileDescriptor: Int32

        init() {
            fileDescriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o600)
        }

        deinit {
            close(fileDescriptor)
            unlink(path)
        }

        func written() -> String {
            String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        }
    }

    @Test func aRoutineLineWaitsForItsBatchThenArrives() async throws {
        let output = Output()
        let buffer = LogBuffer(fileDescriptor: output.fileDescriptor)
        buffer.append("one", urgent: false)
        buffer.append("two", urgent: false)
        #expect(output.written() == "")
        var text = ""
        for _ in 0..<200 where text.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
            text = output.written()
        }
        #expect(text == "one\ntwo\n")
    }

    @Test func anUrgentLineIsWrittenAtOnceAfterTheLinesBeforeIt() {
        let output = Output()
        let buffer = LogBuffer(fileDescriptor: output.fileDescriptor)
        buffer.append("routine", urgent: false)
        buffer.append("shutting down", urgent: true)
        #expect(output.written() == "routine\nshutting down\n")
    }

    @Test func anUrgentLineIsWrittenAfterWhatOtherThreadsLoggedBeforeIt() {
        let output = Output()
        let buffer = LogBuffer(fileDescriptor: output.fileDescriptor)
        // Threads of their own, many of them, so that their lines land in most stripes, before and after the one
        // this thread's lines go to.
        let done = DispatchSemaphore(value: 0)
        for index in 0..<64 {
            Thread {
                buffer.append("routine \(index)", urgent: false)
                done.signal()
            }.start()
        }
        for _ in 0..<64 { done.wait() }
        buffer.append("shutting down", urgent: true)
        let lines = output.written().split(separator: "\n")
        #expect(lines.count == 65)
        #expect(lines.last == "shutting down")
    }

    @Test func aFullBatchIsWrittenWithoutWaitingForTheDelay() async throws {
        let output = Output()
        let buffer = LogBuffer(fileDescriptor: output.fileDescriptor, delay: .seconds(3600))
        let line = String(repeating: "x", count: 999)
        let lines = LogBuffer.batchBytes / 1000 + 1
        for _ in 0..<lines {
            buffer.append(line, urgent: false)
        }
        var written = 0
        for _ in 0..<500 where written == 0 {
            try await Task.sleep(for: .milliseconds(10))
            written = output.written().count
        }
        #expect(written == lines * 1000)
    }

    @Test func flushWritesEverythingPendingOnce() {
        let output = Output()
        let buffer = LogBuffer(fileDescriptor: output.fileDescriptor)
        buffer.append("a", urgent: false)
        buffer.flush()
        buffer.flush()
        #expect(output.written() == "a\n")
    }

    @Test func linesFromManyThreadsArriveWholeInOrderAndNoneIsLost() {
        let output = Output()
        let buffer = LogBuffer(fileDescriptor: output.fileDescriptor)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<500 { buffer.append("thread \(thread) line \(index)", urgent: index % 100 == 99) }
        }
        buffer.flush()
        let lines = output.written().split(separator: "\n")
        #expect(lines.count == 8 * 500)
        #expect(Set(lines).count == 8 * 500)
        for thread in 0..<8 {
            let own = lines.filter { $0.hasPrefix("thread \(thread) ") }
                .compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
            #expect(own == Array(0..<500))
        }
    }
}
