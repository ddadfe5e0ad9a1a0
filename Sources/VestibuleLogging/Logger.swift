import Foundation
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
        var line = "\(Self.timestamp()) \(level.name) \(label): \(message())"
        for (key, value) in metadata {
            line += " \(key)=\(Self.quoted(value))"
        }
        sink.write(line)
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

    /// Values with spaces, quotes or control characters are quoted and escaped so one event stays one line
    /// and a hostile value (a path with a newline) cannot forge another log entry.
    static func quoted(_ value: String) -> String {
        let needsQuoting = value.isEmpty || value.unicodeScalars.contains {
            $0 == " " || $0 == "\"" || $0 == "=" || $0.value < 0x20 || $0.value == 0x7F
        }
        guard needsQuoting else { return value }
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    escaped += String(format: "\\x%02X", scalar.value)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }

    private static func timestamp() -> String {
        Date.now.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true))
    }
}

/// Where log lines go: standard error in production, memory in tests.
public struct LogSink: Sendable {
    private let writeLine: @Sendable (String) -> Void

    public init(_ writeLine: @escaping @Sendable (String) -> Void) {
        self.writeLine = writeLine
    }

    func write(_ line: String) { writeLine(line) }

    public static let standardError = LogSink { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

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
