import Foundation
@preconcurrency import Glibc

/// A minimal blocking HTTP/1.1 client over one kept-alive TCP connection to a loopback server: the load
/// generator's transport. VestibuleHTTPClient opens a connection per request (its calls are rare), which would
/// make a benchmark measure TCP handshakes; wrk keeps connections alive, and so does this.
///
/// Only what Vestibule answers is understood: a status line, headers, and a body of `Content-Length` bytes.
/// A response without a length, or with `Transfer-Encoding`, stops the benchmark rather than be misread.
/// One connection belongs to one thread.
final class HTTPConnection {
    struct Response {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let host: String
    private let port: UInt16
    private var socket: Int32 = -1
    private var pending: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    /// `url` is `http://HOST:PORT` with a numeric IPv4 host (the benchmark runs on loopback).
    init(url: String) throws {
        guard let components = URLComponents(string: url), components.scheme == "http", let host = components.host,
            let port = components.port
        else { throw BenchmarkError("expected http://IPv4:PORT, got \(url)") }
        self.host = host
        self.port = UInt16(port)
    }

    deinit { if socket >= 0 { close(socket) } }

    /// Sends one request and reads its whole response, reconnecting first if the server had closed.
    func send(method: String, path: String, headers: [String], body: String = "") throws -> Response {
        if socket < 0 { try connect() }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\n"
        for header in headers { head += header + "\r\n" }
        if method == "POST" { head += "Content-Length: \(body.utf8.count)\r\n" }
        let request = Array((head + "\r\n" + body).utf8)
        do {
            try write(request)
            return try readResponse()
        } catch {
            // A kept-alive connection the server closed meanwhile: once more on a fresh one.
            disconnect()
            try connect()
            try write(request)
            return try readResponse()
        }
    }

    private func connect() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchmarkError("socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw BenchmarkError("not an IPv4 address: \(host)")
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            close(fd)
            throw BenchmarkError("connect to \(host):\(port): \(String(cString: strerror(errno)))")
        }
        socket = fd
        pending.removeAll(keepingCapacity: true)
    }

    private func disconnect() {
        if socket >= 0 { close(socket) }
        socket = -1
        pending.removeAll(keepingCapacity: true)
    }

    private func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw BenchmarkError("send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// Appends what the socket has to `pending`; throws at the end of the stream.
    private func receive() throws {
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress!, $0.count, 0) }
        if count < 0, errno == EINTR { return }
        guard count > 0 else { throw BenchmarkError("the server closed the connection") }
        pending.append(contentsOf: chunk[0..<count])
    }

    private static let headEnd: [UInt8] = [13, 10, 13, 10]

    private func readResponse() throws -> Response {
        var headLength: Int?
        var searched = 0
        while headLength == nil {
            if pending.count >= 4 {
                for index in max(0, searched - 3)...(pending.count - 4)
                where pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10 {
                    headLength = index + 4
                    break
                }
                searched = pending.count
            }
            if headLength == nil { try receive() }
        }
        let head = String(decoding: pending[0..<(headLength! - 4)], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw BenchmarkError("bad status line: \(head)") }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let response = Response(status: status, headers: headers, body: [])
        if response.header("Transfer-Encoding") != nil { throw BenchmarkError("chunked responses are not understood") }
        guard let length = response.header("Content-Length").flatMap(Int.init) else {
            throw BenchmarkError("a response without Content-Length: \(head)")
        }
        while pending.count < headLength! + length { try receive() }
        let body = Array(pending[headLength!..<(headLength! + length)])
        pending.removeFirst(headLength! + length)
        if response.header("Connection")?.lowercased() == "close" { disconnect() }
        return Response(status: status, headers: headers, body: body)
    }
}
