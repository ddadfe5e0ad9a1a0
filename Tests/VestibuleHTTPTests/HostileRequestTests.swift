import Glibc
import Testing
import VestibuleTesting
@testable import VestibuleHTTP
@testable import VestibuleHTTPServer

/// Broken and hostile byte streams over a raw socket: the server must never crash, never answer 500, and keep
/// answering a normal GET afterwards; request state must not leak. The live server's answers are
/// documented in `HTTPServer.Configuration`.
@Suite struct HostileRequestTests {
    static let corpus: [(name: String, bytes: [UInt8])] = [
        ("truncated request line", Array("GET / HT".utf8)),
        ("truncated head", Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)),
        ("body shorter than Content-Length", Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc".utf8)),
        ("huge header", Array("GET / HTTP/1.1\r\nHost: x\r\nX-Huge: \(String(repeating: "h", count: 200_000))\r\n\r\n".utf8)),
        ("very many headers", Array("GET / HTTP/1.1\r\nHost: x\r\n\((0..<5000).map { "X-\($0): y\r\n" }.joined())\r\n".utf8)),
        ("invalid UTF-8 in path", Array("GET /\u{00}".utf8.dropLast()) + [0xC3, 0x28, 0xFF] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("NUL in path", Array("GET /a".utf8) + [0] + Array("b HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("encoded NUL in path", Array("GET /a%00b HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("NUL in header value", Array("GET / HTTP/1.1\r\nHost: x\r\nX-A: a".utf8) + [0] + Array("b\r\n\r\n".utf8)),
        ("NUL in header name", Array("GET / HTTP/1.1\r\nHost: x\r\nX".utf8) + [0] + Array("A: b\r\n\r\n".utf8)),
        ("bad percent-encoding", Array("GET /%G0%2 HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("bad percent-encoding in query", Array("GET /?code=%ZZ HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("absurd Content-Length", Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n".utf8)),
        ("negative Content-Length", Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n".utf8)),
        ("two Content-Lengths", Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab".utf8)),
        ("Content-Length with chunked", Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8)),
        ("raw space in target", Array("GET /a b HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("bad chunk size", Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n0\r\n\r\n".utf8)),
        ("bogus method", Array("FROB / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("method with control bytes", Array("G\u{7}T / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("HTTP/0.9 request line", Array("GET /\r\n\r\n".utf8)),
        ("unknown HTTP version", Array("GET / HTTP/9.9\r\nHost: x\r\n\r\n".utf8)),
        ("missing Host", Array("GET / HTTP/1.1\r\n\r\n".utf8)),
        ("absolute-form target", Array("GET http://evil.example/ HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("asterisk target", Array("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("header without colon", Array("GET / HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n".utf8)),
        ("bare LF line endings", Array("GET / HTTP/1.1\nHost: x\n\n".utf8)),
        ("garbage bytes", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }),
        ("TLS client hello", [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03] + [UInt8](repeating: 0x42, count: 64)),
        ("only CRLFs", Array(String(repeating: "\r\n", count: 2000).utf8)),
    ]

    @Test(arguments: corpus.indices)
    func serverSurvivesHostileRequest(index: Int) throws {
        let (name, bytes) = Self.corpus[index]
        var router = Router()
        router.get("/") { _ in .text("fine") }
        router.post("/") { request in .text("got \(request.body.count)") }
        try withServer({ $0.connectionTimeout = 1; $0.requestHeadTimeout = 1; $0.maxBodyBytes = 64 * 1024 }, handler: router.handle) { server in
            let connection = try RawConnection(port: server.port, timeout: 4)
            try? connection.send(bytes)
            let answer = try? connection.readResponse()
            if let status = answer?.status {
                // 505 is MHD's correct answer to an unsupported HTTP version; no other 5xx is acceptable.
                #expect(status < 500 || status == 505, "\(name) was answered \(status)")
            }
            let normal = try get("/", port: server.port)
            #expect(normal?.status == 200, "no normal answer after \(name)")
            #expect(normal?.text == "fine")
            withExtendedLifetime(connection) {}
            #expect(eventually { server.inFlightRequests == 0 }, "request state leaked after \(name)")
        }
    }
}
