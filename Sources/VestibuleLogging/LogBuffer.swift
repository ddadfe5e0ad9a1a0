import Dispatch
internal import Glibc
import Synchronization

/// Log lines on their way to a file descriptor, written in batches: one `write(2)` for many lines instead of one
/// per line, which under load cost a system call per request (the access log) and more time than the line itself.
///
/// A caller only copies its line into the pending batch under a lock; one serial writer takes the batch and
/// writes it outside that lock, so batches reach the descriptor in order and a slow descriptor never holds up a
/// caller that is only logging. A line waits at most ``delay`` (a write is scheduled when the first line of a
/// batch arrives), or until the batch reaches ``batchBytes``. An urgent line (notice and above: start-up, shutdown,
/// errors) returns only once it is written, with every line before it. If the writer falls behind by
/// ``maximumBytes``, callers wait for it too, so memory stays bounded. The process flushes at exit; only a crash
/// or SIGKILL can lose the last ``delay`` of routine lines.
final class LogBuffer: Sendable {
    private struct Pending {
        var bytes: [UInt8] = []
        /// The last batch written, emptied: kept for its capacity.
        var spare: [UInt8] = []
        var writeScheduled = false
    }

    private enum Write {
        case none, now, soon, later
    }

    static let batchBytes = 64 * 1024
    static let maximumBytes = 16 * batchBytes

    private let fileDescriptor: Int32
    private let delay: Duration
    private let pending = Mutex(Pending())
    /// The one place batches are written from.
    private let writer = DispatchQueue(label: "vestibule.log-writer")

    init(fileDescriptor: Int32, delay: Duration = .milliseconds(50)) {
        self.fileDescriptor = fileDescriptor
        self.delay = delay
    }

    func append(_ line: String, urgent: Bool) {
        let write = pending.withLock { pending -> Write in
            let before = pending.bytes.count
            pending.bytes.append(contentsOf: line.utf8)
            pending.bytes.append(UInt8(ascii: "\n"))
            if urgent || pending.bytes.count >= Self.maximumBytes { return .now }
            if before < Self.batchBytes && pending.bytes.count >= Self.batchBytes { return .soon }
            if pending.writeScheduled { return .none }
            pending.writeScheduled = true
            return .later
        }
        switch write {
        case .none: break
        case .now: flush()
        case .soon: writer.async { self.writePending() }
        case .later:
            let (seconds, attoseconds) = delay.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            writer.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { self.writePending() }
        }
    }

    /// Writes every pending line, and returns once they are written.
    func flush() {
        writer.sync { writePending() }
    }

    /// Takes the pending batch and writes it whole (retrying short writes and interruptions); on the writer only.
    /// A failure drops the batch: there is nowhere left to report it.
    private func writePending() {
        var batch = pending.withLock { pending in
            pending.writeScheduled = false
            let batch = pending.bytes
            pending.bytes = pending.spare
            pending.spare = []
            return batch
        }
        batch.withUnsafeBytes { buffer in
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
        batch.removeAll(keepingCapacity: true)
        pending.withLock { $0.spare = batch }
    }
}
