import Dispatch
internal import Glibc
import Synchronization

/// Log lines on their way to a file descriptor, written in batches: one `write(2)` for many lines instead of one
/// per line, which under load cost a system call per request (the access log) and more time than the line itself.
///
/// A line waits at most ``delay`` (a flush is scheduled when the first line of a batch arrives), or until the batch
/// reaches ``batchBytes``. An urgent line (notice and above: start-up, shutdown, errors) is written at once, with
/// every line before it, so what matters is never held back and the order is kept. The process flushes at exit;
/// only a crash or SIGKILL can lose the last ``delay`` of routine lines.
final class LogBuffer: Sendable {
    private struct Pending {
        var bytes: [UInt8] = []
        var flushScheduled = false
    }

    static let delay = Duration.milliseconds(50)
    static let batchBytes = 64 * 1024

    private let fileDescriptor: Int32
    /// Held while writing too, so that two batches never reach the descriptor out of order.
    private let pending = Mutex(Pending())

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    func append(_ line: String, urgent: Bool) {
        let scheduleFlush = pending.withLock { pending in
            pending.bytes.append(contentsOf: line.utf8)
            pending.bytes.append(UInt8(ascii: "\n"))
            if urgent || pending.bytes.count >= Self.batchBytes {
                write(&pending.bytes)
                return false
            }
            if pending.flushScheduled { return false }
            pending.flushScheduled = true
            return true
        }
        if scheduleFlush {
            let (seconds, attoseconds) = Self.delay.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { self.flush() }
        }
    }

    /// Writes every pending line now.
    func flush() {
        pending.withLock { pending in
            write(&pending.bytes)
            pending.flushScheduled = false
        }
    }

    /// Writes `bytes` whole (retrying short writes and interruptions) and empties it, keeping its capacity. A
    /// failure drops the batch: there is nowhere left to report it.
    private func write(_ bytes: inout [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fileDescriptor, start + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
