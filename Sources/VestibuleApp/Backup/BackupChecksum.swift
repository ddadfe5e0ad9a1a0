import Foundation
import VestibuleCrypto

/// The SHA-256 of a backup file, kept beside it in `FILE.sha256` as one line in the format `sha256sum` writes
/// (`<hex>  <file name>`), so that an operator can check a copy anywhere with `sha256sum -c FILE.sha256`.
struct BackupChecksum: Equatable {
    /// Lowercase hexadecimal.
    let hex: String

    static func path(besideBackup backup: String) -> String { backup + ".sha256" }

    /// Hashes the file at `path` a MiB at a time; `progress` receives a line on how far it is at most once a
    /// second, and when done.
    init(ofFileAt path: String, progress: (String) -> Void) throws(StartupError) {
        guard let file = FileHandle(forReadingAtPath: path) else { throw StartupError("Cannot read \(path).") }
        defer { try? file.close() }
        let total = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let digest = SHA256Stream()
        var hashed = 0
        var pace = ProgressPace()
        while true {
            let chunk: Data?
            do { chunk = try file.read(upToCount: 1 << 20) } catch {
                throw StartupError("Cannot read \(path): \(error).")
            }
            guard let chunk, !chunk.isEmpty else { break }
            chunk.withUnsafeBytes { digest.update($0) }
            hashed += chunk.count
            if pace.allows(finished: hashed >= total) {
                progress("SHA-256: \(Application.megabytes(hashed)) of \(Application.megabytes(total)) MB")
            }
        }
        hex = Hex.encode(digest.finish())
    }

    /// The checksum recorded beside `backup`.
    init(recordedBeside backup: String) throws(StartupError) {
        let path = Self.path(besideBackup: backup)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StartupError("There is no checksum file \(path) beside the backup, so it cannot be verified.")
        }
        let hex = String(decoding: data, as: UTF8.self).prefix { !$0.isWhitespace }
        guard hex.count == 64, hex.allSatisfy(\.isHexDigit) else {
            throw StartupError("\(path) does not start with a SHA-256 checksum in hexadecimal.")
        }
        self.hex = hex.lowercased()
    }

    /// Writes `FILE.sha256` beside `backup`; an existing one is never replaced.
    func record(besideBackup backup: String) throws(StartupError) {
        let path = Self.path(besideBackup: backup)
        let line = "\(hex)  \((backup as NSString).lastPathComponent)\n"
        // `createFile` would replace a file made since the backup's check; O_EXCL cannot.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw StartupError("Cannot create \(path) (errno \(errno)).") }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try file.write(contentsOf: Data(line.utf8))
            try file.synchronize()
        } catch {
            throw StartupError("Cannot write \(path): \(error).")
        }
    }
}
