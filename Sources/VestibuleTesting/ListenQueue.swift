import Foundation

/// The tests' own reading of `/proc/net/tcp`: the connections waiting in a listening socket's queue, which the
/// kernel has accepted and the server not yet. It sees what a stalled (SIGSTOP) server cannot report: the
/// requests piling up on it.
public enum ListenQueue {
    /// How many connections wait to be accepted on 127.0.0.1:`port`; 0 when nothing listens there.
    public static func length(onPort port: Int) -> Int {
        let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        // "  1: 0100007F:AAB1 00000000:0000 0A 00000000:00000005 …": the local address as hex in memory order, the
        // state (0A: listening), then the send and receive queues, which for a listening socket is its backlog.
        let hex = String(port, radix: 16, uppercase: true)
        let local = "0100007F:" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let listening = "0A"
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 4, fields[1] == local, fields[3] == listening,
                let queued = fields[4].split(separator: ":").last.flatMap({ Int($0, radix: 16) })
            else { continue }
            return queued
        }
        return 0
    }
}
