import Foundation

/// The tests' own reading of `/proc`, independent of the code under test, to check that no browser or
/// driver outlives what started it.
public enum ProcessScan {
    /// Live (not zombie) processes: id → (parent id, command line).
    public static func live() -> [Int32: (parent: Int32, commandLine: String)] {
        var result: [Int32: (parent: Int32, commandLine: String)] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let id = Int32(name),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, fields[0] != "Z", let parent = Int32(fields[1]) else { continue }
            let arguments = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") ?? Data()
            result[id] = (parent, String(decoding: arguments, as: UTF8.self).replacingOccurrences(of: "\0", with: " "))
        }
        return result
    }

    /// Ids of `root` and every live process below it.
    public static func tree(of root: Int32, in table: [Int32: (parent: Int32, commandLine: String)]) -> Set<Int32> {
        var below: Set<Int32> = [root]
        var changed = true
        while changed {
            changed = false
            for (id, entry) in table where !below.contains(id) && below.contains(entry.parent) {
                below.insert(id)
                changed = true
            }
        }
        return below
    }

    public static func isBrowser(_ commandLine: String) -> Bool {
        commandLine.contains("chromedriver") || commandLine.contains("chromium")
    }

    /// Live chromedriver and Chromium processes left without an owner: walking up through browser processes
    /// ends at init (pid 1), as a tool's chromedriver does once the tool exits without stopping it. Browsers that
    /// other running programs own (their parent chain reaches that program) are not orphans. Crashpad handlers
    /// are left out: Chromium starts them detached on purpose, and they exit with it.
    public static func orphanedBrowsers() -> [Int32: String] {
        let table = live()
        return table.filter { id, entry in
            guard isBrowser(entry.commandLine), !entry.commandLine.contains("crashpad") else { return false }
            var current = entry
            var hops = 0
            while let parent = table[current.parent], isBrowser(parent.commandLine), hops < 64 {
                current = parent
                hops += 1
            }
            return current.parent <= 1
        }.mapValues(\.commandLine)
    }

    /// Live chromedriver and Chromium processes below `root`.
    public static func browsers(below root: Int32) -> Set<Int32> {
        let table = live()
        return tree(of: root, in: table).filter { table[$0].map { isBrowser($0.commandLine) } ?? false }
    }

    public static func isAlive(_ id: Int32) -> Bool { live()[id] != nil }

    /// Whether process `id` is stopped by a signal (SIGSTOP): state `T` in `/proc/<id>/stat`.
    public static func isStopped(_ id: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first == "T"
    }

    /// Ids of the live processes below `root` in the process tree.
    public static func descendants(of root: Int32) -> Set<Int32> {
        tree(of: root, in: live()).subtracting([root])
    }

    /// Ids of live processes whose command line contains `text`.
    public static func withArgument(containing text: String) -> Set<Int32> {
        Set(live().filter { $0.value.commandLine.contains(text) }.keys)
    }

    /// The peak resident memory (`VmHWM` of `/proc/<id>/status`) of a live process, in bytes.
    public static func peakResidentBytes(of id: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(id)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kibibytes * 1024
    }
}
