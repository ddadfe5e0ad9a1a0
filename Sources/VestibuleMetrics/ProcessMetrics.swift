internal import Glibc

/// The process metrics every Prometheus client exports under the same names, so that the usual dashboards and
/// alerts work: resident memory, open file descriptors and the start time, read from `/proc` when scraped.
public enum ProcessMetrics {
    public static func register(on registry: MetricsRegistry) {
        let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        registry.gauge("process_resident_memory_bytes", help: "Resident memory size in bytes.") {
            // statm: size resident shared text lib data dt, in pages.
            let fields = (ProcFile.contents("/proc/self/statm") ?? "").split(separator: " ")
            return fields.count > 1 ? (Double(fields[1]) ?? 0) * pageSize : 0
        }
        registry.gauge("process_open_fds", help: "Number of open file descriptors.") {
            Double(ProcFile.openDescriptorCount())
        }
        let started = startTime()
        registry.gauge("process_start_time_seconds", help: "Start time of the process since unix epoch in seconds.") {
            started
        }
    }

    /// The boot time (`btime` in `/proc/stat`) plus the clock ticks after boot at which the process started
    /// (field 22 of `/proc/self/stat`); 0 when `/proc` is not there.
    static func startTime() -> Double {
        guard let stat = ProcFile.contents("/proc/self/stat"), let closing = stat.lastIndex(of: ")"),
            let boot = ProcFile.contents("/proc/stat")?.split(separator: "\n").first(where: { $0.hasPrefix("btime ") })
        else { return 0 }
        // After the command name, which may hold spaces and parentheses, come fields 3, 4, …: 22 is the 20th.
        let fields = stat[stat.index(after: closing)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]), let bootTime = Double(boot.dropFirst("btime ".count))
        else { return 0 }
        return bootTime + ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
