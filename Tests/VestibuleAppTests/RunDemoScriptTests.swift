@preconcurrency import Glibc
import Foundation
import Testing
import VestibuleTesting

/// `make run`'s last step, `scripts/run-demo.sh`, which serves Vestibule, the Apple ID emulator and the demo
/// bookstore: however it is stopped, all three end, their ports are free again, and nothing says an error
/// happened when none did (issue 19: Ctrl-C printed "One of the servers stopped on its own" and
/// `make: *** Error 1`; a SIGTERM to `make` alone left the servers running).
@Suite(.serialized) struct RunDemoScriptTests {
    /// Ctrl-C in a terminal is SIGINT to the whole foreground process group: the script, and the servers it
    /// started, at once.
    @Test func ctrlCEndsAllThreeServersAndTheScriptWithStatusZero() throws {
        let demo = try Demo(parent: nil)
        defer { demo.stop() }
        try demo.waitUntilServing()
        kill(-demo.leader, SIGINT)
        let status = try #require(demo.waitForExit(), "the script still runs 30 s after Ctrl-C\n\(demo.output)")
        #expect(status == 0, "\(demo.output)")
        #expect(demo.listeningPorts().isEmpty, "every port is free again")
        #expect(!demo.output.contains("stopped on its own"), "\(demo.output)")
    }

    /// A SIGTERM to `make` alone (a process manager, an IDE's stop button) reaches neither the script nor the
    /// servers unless the script notices: all three end anyway, and make prints no error.
    @Test func aSIGTERMToMakeAloneEndsAllThreeServers() throws {
        let demo = try Demo(parent: "make")
        defer { demo.stop() }
        try demo.waitUntilServing()
        kill(demo.leader, SIGTERM)
        #expect(demo.waitForExit() != nil, "make still runs 30 s after SIGTERM\n\(demo.output)")
        let deadline = Date().addingTimeInterval(30)
        while !demo.listeningPorts().isEmpty, Date() < deadline { usleep(100_000) }
        #expect(demo.listeningPorts().isEmpty, "every port is free again\n\(demo.output)")
        #expect(!demo.output.contains("stopped on its own") && !demo.output.contains("Error"), "\(demo.output)")
    }

    /// When one server cannot start (its port is taken), the others are stopped too, and the script says so
    /// and fails: the one case that is an error.
    @Test func aServerThatCannotStartStopsTheOthersAndTheScriptSaysSo() throws {
        let taken = try Demo.listeningSocket()
        defer { close(taken.descriptor) }
        let demo = try Demo(parent: nil, bookstorePort: taken.port)
        defer { demo.stop() }
        let status = try #require(demo.waitForExit(), "the script still runs 30 s later\n\(demo.output)")
        #expect(status == 1, "\(demo.output)")
        #expect(demo.output.contains("One of the servers stopped on its own"), "\(demo.output)")
        #expect(demo.listeningPorts() == [taken.port], "only the socket that took the port still listens")
    }
}

/// One run of `scripts/run-demo.sh` on ports of its own, in a process group of its own (as a terminal's job
/// is), started directly or by `make` as `make run` starts it.
private final class Demo {
    let scratch: ScratchDirectory
    let ports: [Int]
    /// The process group's leader, and so the group's id: the script, or `make` when that is the parent.
    let leader: pid_t
    private var exitStatus: Int32?
    private let reservations: [PortReservation]

    init(parent: String?, bookstorePort: Int? = nil) throws {
        scratch = try ScratchDirectory(prefix: "vestibule-run-demo")
        // Held until the servers listen on them (they bind with SO_REUSEADDR), so no other test takes them.
        reservations = try (0..<(bookstorePort == nil ? 3 : 2)).map { _ in try PortReservation() }
        ports = reservations.map(\.port) + (bookstorePort.map { [$0] } ?? [])
        let binDirectory = try VestibuleExecutable.url(named: "vestibule").deletingLastPathComponent().path
        let script = PackageFolder.path("scripts/run-demo.sh")
        let command: [String]
        if parent == "make" {
            let makefile = scratch.path + "/Makefile"
            try "run:\n\t\(script) \(binDirectory) \(scratch.path)/data\n".write(
                toFile: makefile, atomically: true, encoding: .utf8
            )
            command = ["/usr/bin/make", "--no-print-directory", "-f", makefile, "run"]
        } else {
            command = [script, binDirectory, scratch.path + "/data"]
        }
        leader = try ChildProcess.spawn(
            command[0], Array(command.dropFirst()),
            environment: [
                "VESTIBULE_PORT": String(ports[0]), "APPLE_EMULATOR_PORT": String(ports[1]),
                "BOOKSTORE_PORT": String(ports[2]),
            ],
            output: scratch.path + "/output.txt",
            ownProcessGroup: true
        )
    }

    var output: String { (try? String(contentsOfFile: scratch.path + "/output.txt", encoding: .utf8)) ?? "" }

    func waitUntilServing() throws {
        let deadline = Date().addingTimeInterval(60)
        while listeningPorts().count < ports.count {
            guard Date() < deadline, ChildProcess.waitForExit(leader, timeout: .zero) == nil else {
                throw TestFailure("the demo did not start all three servers\n\(output)")
            }
            usleep(100_000)
        }
    }

    /// The demo's ports that accept a connection.
    func listeningPorts() -> [Int] {
        ports.filter(Self.accepts)
    }

    /// The exit status of the group's leader (128 + the signal if one ended it), or nil if it still runs 30 s on.
    func waitForExit() -> Int32? {
        if exitStatus == nil { exitStatus = ChildProcess.waitForExit(leader, timeout: .seconds(30)) }
        return exitStatus
    }

    /// Whatever still runs when a test ends early.
    func stop() {
        kill(-leader, SIGKILL)
        _ = waitForExit()
        withExtendedLifetime(reservations) {}
    }

    /// A socket listening on a loopback port of its own, as another program holding the port would.
    static func listeningSocket() throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, listening else { throw TestFailure("cannot listen on a loopback port: errno \(errno)") }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func accepts(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
