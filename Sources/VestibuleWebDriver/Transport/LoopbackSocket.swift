@preconcurrency import Glibc

/// A connected TCP socket to 127.0.0.1 that it closes in `deinit`; reads and writes wait with `poll` until a
/// deadline, so a hung peer costs a bounded time.
final class LoopbackSocket {
    private let descriptor: Int32
    /// The request this socket carries, for error messages.
    private let what: String
    private let port: Int

    init(port: Int, what: String) throws(WebDriverError) {
        self.what = what
        self.port = port
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw WebDriverError(.transport, "\(what): socket() failed with errno \(errno)")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // A blocking connect to loopback completes or is refused at once: there is no handshake to wait for.
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw WebDriverError(.transport, "\(what): cannot connect to 127.0.0.1:\(port) (errno \(code))")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    func failure(_ reason: String) -> WebDriverError {
        WebDriverError(.transport, "\(what) to 127.0.0.1:\(port): \(reason)")
    }

    func write(_ bytes: [UInt8], deadline: ContinuousClock.Instant) throws(WebDriverError) {
        var offset = 0
        while offset < bytes.count {
            try wait(for: Int16(POLLOUT), deadline: deadline)
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if sent < 0, errno == EAGAIN || errno == EINTR { continue }
            guard sent > 0 else { throw failure("send failed with errno \(errno)") }
            offset += sent
        }
    }

    /// Appends what arrives to `buffer`; false when the peer closed the connection.
    func read(into buffer: inout [UInt8], deadline: ContinuousClock.Instant) throws(WebDriverError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            try wait(for: Int16(POLLIN), deadline: deadline)
            let count = recv(descriptor, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count < 0, errno == EAGAIN || errno == EINTR { continue }
            if count == 0 || (count < 0 && errno == ECONNRESET) { return false }
            guard count > 0 else { throw failure("recv failed with errno \(errno)") }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }

    private func wait(for events: Int16, deadline: ContinuousClock.Instant) throws(WebDriverError) {
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw failure("no answer before the deadline") }
            let milliseconds = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(clamping: max(1, milliseconds)))
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw failure("poll failed with errno \(errno)") }
        }
    }
}

@available(*, unavailable)
extension LoopbackSocket: Sendable {}
