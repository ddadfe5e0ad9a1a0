@preconcurrency import Glibc
import Foundation
import VestibuleApp
import VestibuleCommandLine
import VestibuleCore

/// The operator's apps file, as `vestibule clients` reads and replaces it.
struct AppsFile {
    /// The path as the operator gave it, for messages.
    let path: String

    /// Where the apps file is: `--apps`, else the `apps` setting from `VESTIBULE_APPS` or the config file
    /// (`--config`, `VESTIBULE_CONFIG`), found as `serve` finds it.
    static func locate(apps: String?, config: String?, environment: [String: String]) throws -> AppsFile {
        if let apps {
            guard !apps.isEmpty else { throw CommandFailure.usage("--apps must be the path of a JSON file.") }
            return AppsFile(path: apps)
        }
        let arguments = config.map { ["--config", $0] } ?? []
        guard let path = try ConfigurationLoader(arguments: arguments, environment: environment).settings().appsFile else {
            throw CommandFailure.usage(
                "Which apps file? Give --apps FILE, or set the apps setting (VESTIBULE_APPS, or \"apps\" in the --config file)."
            )
        }
        return AppsFile(path: path)
    }

    /// The apps the file registers; `nil` when there is no file yet.
    func read() throws(CommandFailure) -> AppRegistry? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .usage("The apps file \(path) cannot be read. Check the path and its permissions.")
        }
        do throws(AppRegistryError) {
            return try AppRegistry(json: Array(data))
        } catch {
            throw .usage("The apps file \(path) is refused, as `vestibule serve` would refuse it: \(error)")
        }
    }

    /// The apps the file registers, for a command that changes or shows one: the file must exist.
    func readExisting() throws(CommandFailure) -> AppRegistry {
        guard let registry = try read() else {
            throw .usage("The apps file \(path) does not exist. `vestibule clients add` creates it.")
        }
        return registry
    }

    /// Replaces the file with `registry`, or creates it readable by its owner only.
    ///
    /// The text is parsed back first, so the parser `serve` uses is the one judge of what the file may hold: a
    /// registry it would refuse is never written. The new text goes to a temporary file in the same folder,
    /// with the old file's permissions and owner, synced to disk, then renamed over the old one; a reader (or a
    /// crash) sees the old file or the new one, never half of one.
    func write(_ registry: AppRegistry) throws(CommandFailure) {
        let bytes = registry.json
        do throws(AppRegistryError) {
            _ = try AppRegistry(json: bytes)
        } catch {
            throw .usage("\(path) is unchanged: \(error)")
        }
        // Replace what a symbolic link points at, not the link.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let folder = target.deletingLastPathComponent().path
        var template = Array("\(folder)/.\(target.lastPathComponent).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure("cannot create a file in \(folder)") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var isOpen = true
        var isRenamed = false
        defer {
            if isOpen { close(descriptor) }
            if !isRenamed { unlink(temporary) }
        }
        try keepPermissions(of: target.path, on: descriptor)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                if count < 0, errno == EINTR { continue }
                throw failure("cannot write \(temporary)")
            }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw failure("cannot sync \(temporary)") }
        isOpen = false
        guard close(descriptor) == 0 else { throw failure("cannot write \(temporary)") }
        guard rename(temporary, target.path) == 0 else { throw failure("cannot rename \(temporary) to \(target.path)") }
        isRenamed = true
        // The rename is on disk only once the folder is.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Gives the new file the mode, owner and group of the one it replaces, so that Vestibule's own user can still
    /// read a file that root edited. A new file keeps mkstemp's 0600: it holds key digests.
    private func keepPermissions(of existing: String, on descriptor: Int32) throws(CommandFailure) {
        var old = stat()
        guard stat(existing, &old) == 0 else { return }
        guard fchmod(descriptor, old.st_mode & 0o7777) == 0 else { throw failure("cannot set the mode of the new file") }
        var new = stat()
        guard fstat(descriptor, &new) == 0 else { throw failure("cannot read the new file's owner") }
        if new.st_uid != old.st_uid || new.st_gid != old.st_gid, fchown(descriptor, old.st_uid, old.st_gid) != 0 {
            throw failure("cannot give the new file the owner and group of \(existing); run as its owner or as root")
        }
    }

    /// A failure to write, with the system's reason; the file is left as it was.
    private func failure(_ what: String) -> CommandFailure {
        let reason = String(cString: strerror(errno))
        return CommandFailure(status: 1, description: "The apps file \(path) is unchanged: \(what) (\(reason)).")
    }
}
