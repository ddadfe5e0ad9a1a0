import Foundation

/// Dates are stored as whole milliseconds since 1970 UTC: integers compare and index exactly, and a millisecond
/// is finer than anything Vestibule measures (session expiry, key rotation).
extension Date {
    init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Rounded to the nearest millisecond, so a date read back from the store encodes to the same integer.
    var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }
}
