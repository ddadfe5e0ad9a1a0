import Foundation

/// Finds chromedriver and Chromium on `PATH` or in `/usr/bin`.
enum Executables {
    static let driverNames = ["chromedriver"]
    static let browserNames = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    static func find(_ names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        for name in names {
            for folder in folders where !folder.isEmpty {
                let candidate = folder + "/" + name
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }
}
