import Foundation

/// What `/proc` says about running processes: enough to find and end the browsers chromedriver started.
enum ProcessTable {
    /// Every live (not zombie) process: its id, its parent's id.
    static func liveProcesses() -> [(id: Int32, parent: Int32)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name in
            guard let id = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8)
            else { return nil }
            // "pid (comm) S ppid …": comm may contain spaces and parentheses, so split after the last ')'.
            guard let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count >= 2, fields[0] != "Z", fields[0] != "X", let parent = Int32(fields[1]) else {
                return nil
            }
            return (id, parent)
        }
    }

    /// The live descendants of `root` (children, grandchildren, …), not `root` itself.
    static func descendants(of root: Int32) -> [Int32] {
        var children: [Int32: [Int32]] = [:]
        for process in liveProcesses() { children[process.parent, default: []].append(process.id) }
        var found: [Int32] = []
        var queue = children[root] ?? []
        while let next = queue.popLast() {
            found.append(next)
            queue += children[next] ?? []
        }
        return found
    }

    /// Live processes whose command line contains `text` (for instance a profile folder).
    static func processes(withArgumentContaining text: String) -> [Int32] {
        liveProcesses().compactMap { process in
            guard let data = FileManager.default.contents(atPath: "/proc/\(process.id)/cmdline") else { return nil }
            return String(decoding: data, as: UTF8.self).contains(text) ? process.id : nil
        }
    }

    static func isAlive(_ id: Int32) -> Bool {
        liveProcesses().contains { $0.id == id }
    }
}
