import Glibc

/// A blocking loopback TCP client that sends exact bytes, so tests can speak broken HTTP on purpose.
public final class RawConnection {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// One parsed HTTP response.
    public struct Response: Sendable {
        public let status: Int
        public let headers: [(String, String)]
        public let body: [UInt8]

        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let descriptor: Int32
    private var buffered: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; reads time out after `timeout` seconds. With `source` (another loopback
    /// address such as `127.0.0.2`) the connection comes from that address, so a server or a proxy sees a
    /// client other than itself.
    public init(port: Int, timeout: Int = 5, from source: String? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        setReadTimeout(seconds: timeout)
        if let source {
            guard Self.call({ bind($0, $1, $2) }, descriptor, host: source, port: 0) == 0 else {
                throw Failure(description: "bind to \(source) failed: errno \(errno)")
            }
        }
        let result = Self.call({ connect($0, $1, $2) }, descriptor, host: "127.0.0.1", port: port)
        // No close here: a class whose stored properties are all set runs its deinit when init throws.
        guard result == 0 else { throw Failure(description: "connect failed: errno \(errno)") }
    }

    deinit { close(descriptor) }

    /// Calls `bind` or `connect` on `descriptor` with the IPv4 address `host`:`port`.
    private static func call(
        _ operation: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32, _ descriptor: Int32, host: String, port: Int
    ) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                operation(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    public func setReadTimeout(seconds: Int) {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Reads one response (body framed by Content-Length, or until the server closes); nil when the server
    /// closed the connection without answering.
    public func readResponse(forHEAD: Bool = false) throws -> Response? {
        guard let headEnd = try fill(until: { $0.firstRange(of: [13, 10, 13, 10]).map(\.upperBound) }) else {
            return nil
        }
        let head = String(decoding: buffered[..<headEnd], as: UTF8.self)
        buffered.removeFirst(headEnd)
        var lines = head.split(separator: "\r\n").map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line: \(head)")
        }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingPrefix(" ").description)
        }
        let response = Response(status: status, headers: headers, body: [])
        if forHEAD || status == 204 || status == 304 { return response }
        if let length = response.header("Content-Length").flatMap(Int.init) {
            _ = try fill(until: { $0.count >= length ? length : nil })
            let body = Array(buffered.prefix(length))
            buffered.removeFirst(body.count)
            return Response(status: status, headers: headers, body: body)
        }
        _ = try fill(until: { _ in nil })
        defer { buffered = [] }
        return Response(status: status, headers: headers, body: buffered)
    }

    /// Reads until `done` returns a value or the peer closes; returns that value or nil at EOF.
    private func fill(until done: ([UInt8]) -> Int?) throws -> Int? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let value = done(buffered) { return value }
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) { return nil }
            guard count > 0 else { throw Failure(description: "recv failed: errno \(errno)") }
            buffered.append(contentsOf: chunk[..<count])
        }
    }
}
