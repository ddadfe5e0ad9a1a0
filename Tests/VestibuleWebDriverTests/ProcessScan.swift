import Foundation

/// The test's own reading of `/proc`, independent of the module's, to check no browser outlives its driver.
enum ProcessScan {
    /// Live (not zombie) processes by id: parent id and command line.
    static func live() -> [Int32: (parent: Int32, commandLine: String)] {
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

    /// Ids of the live processes below `root` in the process tree.
    static func descendants(of root: Int32) -> Set<Int32> {
        let table = live()
        var found: Set<Int32> = []
        var changed = true
        while changed {
            changed = false
            for (id, entry) in table where !found.contains(id) && (entry.parent == root || found.contains(entry.parent)) {
                found.insert(id)
                changed = true
            }
        }
        return found
    }

    /// Ids of live processes whose command line contains `text`.
    static func withArgument(containing text: String) -> Set<Int32> {
        Set(live().filter { $0.value.commandLine.contains(text) }.keys)
    }

    static func isAlive(_ id: Int32) -> Bool { live()[id] != nil }
}
