internal import Glibc
import Synchronization

/// A structured logger: one line per event, `key=value` metadata, written to a ``LogSink``.
///
/// Secrets never belong in metadata. Callers log identifiers (request ids, account ids), never cookies,
/// tokens, passwords or codes; tests capture the sink and assert that.
public struct Logger: Sendable {
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case debug, info, notice, warning, error

        public var name: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .notice: "notice"
            case .warning: "warning"
            case .error: "error"
            }
        }

        public init?(name: String) {
            guard let level = Level.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
            self = level
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public let label: String
    public var minimumLevel: Level
    private let sink: LogSink

    public init(label: String, minimumLevel: Level = .info, sink: LogSink = .standardError) {
        self.label = label
        self.minimumLevel = minimumLevel
        self.sink = sink
    }

    /// A logger for a sub-component that writes to the same sink at the same level.
    public func child(_ label: String) -> Logger {
        Logger(label: "\(self.label).\(label)", minimumLevel: minimumLevel, sink: sink)
    }

    public func log(_ level: Level, _ message: @autoclosure () -> String, _ metadata: KeyValuePairs<String, String> = [:]) {
        guard level >= minimumLevel else { return }
        let message = message()
        var line = LogTimestamp.now()
        line.reserveCapacity(64 + label.utf8.count + message.utf8.count + metadata.count * 24)
        line += " "
        line += level.name
        line += " "
        line += label
        line += ": "
        line += message
        for (key, value) in metadata {
            line += " "
            line += key
            line += "="
            Self.appendQuoted(value, to: &line)
        }
        sink.write(line, urgent: level >= .notice)
    }

    public func debug(_ message: @autoclosure () -> String, _ metadata: KeyValuePairs<String, String> = [:]) {
        log(.debug, message(), metadata)
    }

    public func info(_ message: @autoclosure () -> String, _ metadata: KeyValuePairs<String, String> = [:]) {
        log(.info, message(), metadata)
    }

    public func notice(_ message: @autoclosure () -> String, _ metadata: KeyValuePairs<String, String> = [:]) {
        log(.notice, message(), metadata)
    }

    public func warning(_ message: @autoclosure () -> String, _ metadata: KeyValuePairs<String, String> = [:]) {
        log(.warning, message(), metadata)
    }

    public func error(_ message: @autoclosure () -> String, _ metadata: KeyValuePairs<String, String> = [:]) {
        log(.error, message(), metadata)
    }

    /// Appends `value` to `line`, quoted and escaped if it has spaces, quotes or control characters, so one event
    /// stays one line and a hostile value (a path with a newline) cannot forge another log entry. Checked byte by
    /// byte: every character that needs quoting is ASCII, and no byte of a longer UTF-8 sequence is.
    static func appendQuoted(_ value: String, to line: inout String) {
        let needsQuoting = value.isEmpty || value.utf8.contains {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "=") || $0 < 0x20 || $0 == 0x7F
        }
        guard needsQuoting else {
            line += value
            return
        }
        line += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": line += "\\\""
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    line += (hex.count == 1 ? "\\x0" : "\\x") + hex
                } else {
                    line.unicodeScalars.append(scalar)
                }
            }
        }
        line += "\""
    }
}

/// Where log lines go: standard error in production, memory in tests.
public struct LogSink: Sendable {
    /// Takes a line and whether it is urgent (notice and above), which a buffered sink writes at once.
    private let writeLine: @Sendable (String, Bool) -> Void

    public init(_ writeLine: @escaping @Sendable (String) -> Void) {
        self.writeLine = { line, _ in writeLine(line) }
    }

    init(_ buffer: LogBuffer) {
        self.writeLine = { line, urgent in buffer.append(line, urgent: urgent) }
    }

    func write(_ line: String, urgent: Bool) { writeLine(line, urgent) }

    /// Standard error through a ``LogBuffer``: routine lines in batches, urgent ones at once, all of them at exit.
    public static let standardError: LogSink = {
        atexit { LogSink.standardErrorBuffer.flush() }
        return LogSink(standardErrorBuffer)
    }()

    private static let standardErrorBuffer = LogBuffer(fileDescriptor: STDERR_FILENO)

    public static let discard = LogSink { _ in }
}

/// Collects log lines in memory so tests can assert what was, and what was not, logged.
public final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    public var sink: LogSink {
        LogSink { [self] line in lines.withLock { $0.append(line) } }
    }

    public var text: String { lines.withLock { $0.joined(separator: "\n") } }
}
