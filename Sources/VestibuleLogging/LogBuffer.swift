import Dispatch
internal import Glibc
import Synchronization

/// Log lines on their way to a file descriptor, written in batches: one `write(2)` for many lines instead of one
/// per line, which under load cost a system call per request (the access log) and more time than the line itself.
///
/// A caller only copies its line into a pending batch; one serial writer collects the batches and writes them, so
/// a slow descriptor never holds up a caller that is only logging. The pending lines are kept in stripes, each
/// with its own lock, and a thread always uses the same one: with a single lock the server's workers queued for
/// it under load (a seventh of forward-auth's time went to the lock's slow path). So a thread's lines stay in
/// order, while within one batch the lines of different threads are grouped by stripe (their timestamps can step
/// back by up to ``delay``).
///
/// A line waits at most ``delay`` (a write is scheduled when the first line of a batch arrives), or until the
/// lines pending reach ``batchBytes``. An urgent line (notice and above: start-up, shutdown, errors) returns only
/// once it is written, with every line logged before it. If the writer falls behind by ``maximumBytes``, callers
/// wait for it too, so memory stays bounded. The process flushes at exit; only a crash or SIGKILL can lose the
/// last ``delay`` of routine lines.
final class LogBuffer: Sendable {
    private final class Stripe: Sendable {
        let lines = Mutex<[UInt8]>([])
    }

    static let batchBytes = 64 * 1024
    static let maximumBytes = 16 * batchBytes
    private static let stripeCount = 16

    private let fileDescriptor: Int32
    private let delay: Duration
    private let stripes = (0..<LogBuffer.stripeCount).map { _ in Stripe() }
    /// Bytes appended and not yet taken by the writer, to decide when a batch is full.
    private let pendingBytes = Atomic<Int>(0)
    private let writeScheduled = Atomic<Bool>(false)
    /// The one place batches are written from.
    private let writer = DispatchQueue(label: "vestibule.log-writer")

    init(fileDescriptor: Int32, delay: Duration = .milliseconds(50)) {
        self.fileDescriptor = fileDescriptor
        self.delay = delay
    }

    func append(_ line: String, urgent: Bool) {
        if urgent {
            // Not into a stripe: the batch is grouped by stripe, and this line must come after all of it.
            writer.sync { writePending(then: line) }
            return
        }
        let count = line.utf8.count + 1
        stripes[Self.stripeOfThisThread()].lines.withLock { lines in
            lines.append(contentsOf: line.utf8)
            lines.append(UInt8(ascii: "\n"))
        }
        let pending = pendingBytes.add(count, ordering: .relaxed).newValue
        if pending >= Self.maximumBytes {
            flush()
        } else if pending - count < Self.batchBytes && pending >= Self.batchBytes {
            writer.async { self.writePending() }
        } else if writeScheduled.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged {
            let (seconds, attoseconds) = delay.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            writer.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { self.writePending() }
        }
    }

    /// Writes every pending line, and returns once they are written.
    func flush() {
        writer.sync { writePending() }
    }

    /// The same stripe for the same thread, spread by a multiplicative hash of its `pthread_t` (an address).
    private static func stripeOfThisThread() -> Int {
        let mixed = UInt64(pthread_self()) &* 0x9E37_79B9_7F4A_7C15
        return Int(mixed >> 60) % stripeCount
    }

    /// Collects every stripe's lines, then `last` if given, and writes them whole (retrying short writes and
    /// interruptions); on the writer only. A failure drops the batch: there is nowhere left to report it.
    private func writePending(then last: String? = nil) {
        writeScheduled.store(false, ordering: .relaxed)
        var batch: [UInt8] = []
        for stripe in stripes {
            stripe.lines.withLock { lines in
                batch.append(contentsOf: lines)
                lines.removeAll(keepingCapacity: true)
            }
        }
        pendingBytes.subtract(batch.count, ordering: .relaxed)
        if let last {
            batch.append(contentsOf: last.utf8)
            batch.append(UInt8(ascii: "\n"))
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
    }
}
