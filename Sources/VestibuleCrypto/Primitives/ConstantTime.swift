/// Comparisons whose running time does not depend on where inputs differ.
public enum ConstantTime {
    /// Whether two byte strings are equal, examining every byte of equal-length inputs.
    ///
    /// Inputs of different lengths are unequal at once: lengths are not secret here (MACs and
    /// tokens have fixed, public lengths), the contents are.
    ///
    /// Inlinable, so that each caller gets it specialized for its collections: called generically across the
    /// module boundary, every byte went through `zip`'s witness tables, two thirds of a passkey assertion's
    /// Swift-side time (`make bench`'s profile).
    @inlinable
    public static func equals(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
