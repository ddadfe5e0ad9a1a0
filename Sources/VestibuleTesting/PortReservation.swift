import Glibc

/// A loopback port held for a server that cannot listen on port 0 and say which port it got (nginx,
/// PostgreSQL), or whose address must be given to another server before it starts (a `vestibule serve` process
/// and its Apple ID emulator process each need the other's origin).
///
/// Everything else listens on port 0 and reports its port. This binds 127.0.0.1:0 with `SO_REUSEADDR`, never
/// listens, and keeps the socket until it goes: meanwhile the kernel gives the port to nobody else (no `bind`
/// to port 0, no outgoing connection), connections to it are refused, and the one server it is for may still
/// bind it and listen, because nginx, PostgreSQL and Vestibule's HTTP server all set `SO_REUSEADDR` too (Linux
/// lets sockets that all set it share a port as long as at most one listens). Unlike binding, closing and
/// handing out the number, no other test can take the port in between. Keep it for as long as its server runs.
public final class PortReservation: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let port: Int
    private let descriptor: Int32

    public init() throws(Failure) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(descriptor)
            throw Failure(description: "bind failed: errno \(code)")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
