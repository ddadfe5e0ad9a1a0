import Foundation

/// A Swift value sent as a statement parameter in libpq's text format; `nil` sends SQL NULL.
protocol PostgresBindable {
    var postgresText: String? { get }
}

extension String: PostgresBindable {
    var postgresText: String? { self }
}

extension Int64: PostgresBindable {
    var postgresText: String? { String(self) }
}

/// Dates are `bigint` milliseconds since 1970 UTC, like SQLite's integers: exact round trips and comparisons.
extension Date: PostgresBindable {
    var postgresText: String? { String(millisecondsSince1970) }
}

/// Bytes go as `bytea` hex text (`\x…`), which the server decodes exactly, NULs included.
extension [UInt8]: PostgresBindable {
    var postgresText: String? {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
        text.reserveCapacity(2 + count * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension Optional: PostgresBindable where Wrapped: PostgresBindable {
    var postgresText: String? { self?.postgresText }
}

extension Date {
    init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Rounded to the nearest millisecond, so a date read back from the store encodes to the same integer.
    var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }
}
