public import Foundation

/// The package's own folder, for tests that run its scripts or read its files: found from this source file's
/// path, which the compiler records (`Sources/VestibuleTesting/PackageFolder.swift`).
public enum PackageFolder {
    public static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `relativePath` inside the package, as a file path.
    public static func path(_ relativePath: String) -> String {
        root.appending(path: relativePath).path
    }
}
