internal import CSodium

extension Sodium {
    /// `count` bytes from the operating system's secure randomness (`randombytes_buf`).
    static func randomBytes(_ count: Int) -> [UInt8] {
        ensureInitialized()
        var output = [UInt8](repeating: 0, count: count)
        randombytes_buf(&output, count)
        return output
    }
}
