import Foundation

/// The tests' own reading of `/proc`, to check that no browser outlives the audit.
enum ProcessScan {
    /// Live (not zombie) processes: id → (parent id, command line).
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

    /// Live chromedriver and Chromium processes that are not `root` or below it.
    static func browsers(outside root: Int32) -> [Int32: String] {
        let table = live()
        var below: Set<Int32> = [root]
        var changed = true
        while changed {
            changed = false
            for (id, entry) in table where !below.contains(id) && below.contains(entry.parent) {
                below.insert(id)
                changed = true
            }
        }
        return table.filter { id, entry in
            !below.contains(id) && (entry.commandLine.contains("chromedriver") || entry.commandLine.contains("chromium"))
        }.mapValues(\.commandLine)
    }
}
