import Foundation

/// A small tmpfs mounted on a folder for one test: a disk that can be filled to the last byte without touching
/// the machine's own. Needs root (CAP_SYS_ADMIN); ``isPossible`` says whether this machine lets the tests mount.
public final class TmpfsMount {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let path: String

    /// Mounts a tmpfs of `megabytes` on `path` (made if absent).
    public init(at path: String, megabytes: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let (status, output) = try HelperCommand.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", path])
        guard status == 0 else { throw Failure(description: "mount -t tmpfs on \(path) failed: \(output)") }
        self.path = path
    }

    deinit {
        _ = try? HelperCommand.run("/bin/umount", ["-l", path])
    }

    /// Fills the disk with a file of zeros until a write fails for want of space; returns the file's path.
    /// Removing the file gives the space back.
    public func fill() throws -> String {
        let filler = path + "/filler"
        guard FileManager.default.createFile(atPath: filler, contents: nil),
              let handle = FileHandle(forWritingAtPath: filler)
        else { throw Failure(description: "cannot create \(filler)") }
        defer { try? handle.close() }
        let chunk = Data(count: 64 * 1024)
        var wrote = true
        while wrote {
            do { try handle.write(contentsOf: chunk) } catch { wrote = false }
        }
        // The last partial chunk may have left a few bytes: take them too.
        let single = Data(count: 1)
        while (try? handle.write(contentsOf: single)) != nil {}
        return filler
    }

    /// Whether a tmpfs can be mounted here (root in a container that allows it), tried once.
    public static let isPossible: Bool = {
        guard getuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("vestibule-tmpfs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: probe) }
        return (try? TmpfsMount(at: probe, megabytes: 1)) != nil
    }()
}
