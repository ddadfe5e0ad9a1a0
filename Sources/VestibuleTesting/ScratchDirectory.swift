import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it when the last
/// reference goes: tests hold one for as long as what they started writes there, and leave nothing behind
/// (thousands of test runs must not fill `/tmp`).
public final class ScratchDirectory: Sendable {
    public let path: String

    /// Makes the directory, named `<prefix>-<UUID>`.
    public init(prefix: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
