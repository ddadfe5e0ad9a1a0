internal import Glibc

/// The time at the start of a log line, in UTC with milliseconds: `2026-12-03T17:51:47.178`, the text Foundation's
/// ISO 8601 format style gave, written by hand because that style went through a calendar on every line (a tenth
/// of an access-log line's cost under load).
enum LogTimestamp {
    static func now() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return format(secondsSince1970: now.tv_sec, milliseconds: Int(now.tv_nsec / 1_000_000))
    }

    static func format(secondsSince1970 seconds: Int, milliseconds: Int) -> String {
        var time = seconds
        var fields = tm()
        gmtime_r(&time, &fields)
        return String(unsafeUninitializedCapacity: 23) { buffer in
            var position = 0
            func put(_ value: Int, digits: Int) {
                var value = value
                for offset in stride(from: digits - 1, through: 0, by: -1) {
                    buffer[position + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                position += digits
            }
            func put(_ character: Unicode.Scalar) {
                buffer[position] = UInt8(ascii: character)
                position += 1
            }
            put(Int(fields.tm_year) + 1900, digits: 4)
            put("-")
            put(Int(fields.tm_mon) + 1, digits: 2)
            put("-")
            put(Int(fields.tm_mday), digits: 2)
            put("T")
            put(Int(fields.tm_hour), digits: 2)
            put(":")
            put(Int(fields.tm_min), digits: 2)
            put(":")
            put(Int(fields.tm_sec), digits: 2)
            put(".")
            put(milliseconds, digits: 3)
            return position
        }
    }
}
