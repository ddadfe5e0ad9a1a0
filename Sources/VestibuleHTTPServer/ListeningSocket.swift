internal import Glibc

/// A TCP socket bound to an address, on which an ``HTTPServer`` listens once started; it owns the descriptor
/// and closes it when it goes (libmicrohttpd gets a duplicate of its own).
///
/// Binding here instead of inside MHD lets `start()` report *why* it failed (port taken, bad host), which
/// MHD only writes to its log, and gives the actual port when port 0 was asked for. Bind one yourself and pass it
/// to ``HTTPServer/init(configuration:socket:logger:handler:)`` to know that port before the server exists:
/// Vestibule builds its public URL from it. Until the server starts, nothing listens: connections are refused.
public final class ListeningSocket: Sendable {
    let descriptor: Int32
    /// The bound port: the kernel's choice when port 0 was asked for.
    public let port: Int

    /// Binds `host:port` (port 0: a free port the kernel picks). Throws ``HTTPServerError`` with code
    /// `.addressInUse` when the port is taken, `.invalidAddress` for a host that does not resolve.
    public init(host: String, port: Int) throws(HTTPServerError) {
        guard (0...65535).contains(port) else {
            throw HTTPServerError(.invalidConfiguration, "Port \(port) is out of range.")
        }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var resolved: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &resolved)
        guard status == 0, let address = resolved else {
            let reason = String(cString: gai_strerror(status))
            throw HTTPServerError(.invalidAddress, "Cannot listen on host \"\(host)\": \(reason).")
        }
        defer { freeaddrinfo(resolved) }

        let descriptor = socket(
            address.pointee.ai_family,
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue),
            0
        )
        guard descriptor >= 0 else {
            throw HTTPServerError(.socketFailure, "Cannot create a socket: \(Self.describe(errno)).", systemError: errno)
        }
        // Closes the socket on every failure path below; ownership passes to `self` only on success.
        var handedOver = false
        defer { if !handedOver { close(descriptor) } }

        // Lets a restarted server bind while old connections linger in TIME_WAIT.
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
            let code = errno
            throw HTTPServerError(
                code == EADDRINUSE ? .addressInUse : .socketFailure,
                "Cannot listen on \(host):\(port): \(Self.describe(code)).",
                systemError: code
            )
        }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        self.port = Int(Self.port(of: bound))
        handedOver = true
    }

    deinit { close(descriptor) }

    /// Starts accepting connections into a queue of `backlog`.
    func listen(backlog: Int) throws(HTTPServerError) {
        guard Glibc.listen(descriptor, Int32(clamping: backlog)) == 0 else {
            let code = errno
            throw HTTPServerError(.socketFailure, "Cannot listen on port \(port): \(Self.describe(code)).", systemError: code)
        }
    }

    private static func port(of address: sockaddr_storage) -> UInt16 {
        withUnsafePointer(to: address) { pointer in
            if address.ss_family == sa_family_t(AF_INET6) {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
        }
    }

    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
