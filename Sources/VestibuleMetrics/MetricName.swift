/// Prometheus' rules for metric and label names (the data model's `[a-zA-Z_:][a-zA-Z0-9_:]*` and
/// `[a-zA-Z_][a-zA-Z0-9_]*`, `__` reserved). Names are written by this program, never taken from a request, so
/// a bad one is a programming error caught at registration.
enum MetricName {
    static func isValid(_ name: String) -> Bool {
        matches(name, allowingColon: true)
    }

    static func isValidLabel(_ name: String) -> Bool {
        matches(name, allowingColon: false) && !name.hasPrefix("__")
    }

    private static func matches(_ name: String, allowingColon: Bool) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                true
            case UInt8(ascii: ":"): allowingColon
            default: false
            }
        }
    }
}
