@preconcurrency import Glibc

/// A minimal blocking HTTP/1.1 client for a server on 127.0.0.1: one connection per request
/// (`Connection: close`), bodies framed by `Content-Length` or chunked, and a deadline on the whole exchange.
///
/// It exists because FoundationNetworking rejects chromedriver's header fields, which have no space after the
/// colon (`Content-Length:251`); this parser tolerates any whitespace there.
struct LoopbackHTTPClient: Sendable {
    let port: Int

    /// Sends one request and reads the complete response, or throws `.transport` when the server cannot be
    /// reached, closes early, answers something that is not HTTP, or takes longer than `timeout`.
    func send(
        _ method: String, _ path: String, body: [UInt8]? = nil, timeout: Duration
    ) throws(WebDriverError) -> HTTPReply {
        let deadline = ContinuousClock.now + timeout
        let socket = try LoopbackSocket(port: port, what: "\(method) \(path)")
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        head += "Accept: application/json\r\n"
        if let body {
            head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        try socket.write(Array(head.utf8) + (body ?? []), deadline: deadline)
        return try readReply(from: socket, deadline: deadline)
    }

    private func readReply(from socket: LoopbackSocket, deadline: ContinuousClock.Instant) throws(WebDriverError)
        -> HTTPReply
    {
        var buffer: [UInt8] = []
        let separator: [UInt8] = [13, 10, 13, 10]
        while buffer.firstRange(of: separator) == nil {
            guard try socket.read(into: &buffer, deadline: deadline) else {
                throw socket.failure("the connection closed before a complete response head")
            }
        }
        let headEnd = buffer.firstRange(of: separator)!.upperBound
        let head = String(decoding: buffer[..<(headEnd - 4)], as: UTF8.self)
        var rest = Array(buffer[headEnd...])
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw socket.failure("the response does not start with an HTTP status line")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].trimmingSpacesAndTabs()
            return (name: String(line[..<colon]), value: value)
        }
        let reply = HTTPReply(status: status, headers: headers, body: [])
        if reply.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            var chunked = ChunkedBody()
            while !(try chunked.consume(&rest, socket: socket)) {
                guard try socket.read(into: &rest, deadline: deadline) else {
                    throw socket.failure("the connection closed inside a chunked body")
                }
            }
            return HTTPReply(status: status, headers: headers, body: chunked.body)
        }
        if let length = reply.header("Content-Length").flatMap({ Int($0) }) {
            while rest.count < length {
                guard try socket.read(into: &rest, deadline: deadline) else {
                    throw socket.failure("the connection closed after \(rest.count) of \(length) body bytes")
                }
            }
            return HTTPReply(status: status, headers: headers, body: Array(rest.prefix(length)))
        }
        while try socket.read(into: &rest, deadline: deadline) {}
        return HTTPReply(status: status, headers: headers, body: rest)
    }
}

extension Substring {
    /// Header values may be surrounded by spaces and tabs (RFC 9110 §5.5), or by none at all (chromedriver).
    fileprivate func trimmingSpacesAndTabs() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
