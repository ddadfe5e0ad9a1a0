import Synchronization
import Testing
import VestibuleTesting
@testable import VestibuleHTTP

/// Request heads that bend HTTP/1.1's line syntax: a proxy in front may read their fields differently from us
/// (RFC 9112 §2.2, §5.1, §5.2), so they are refused with 400 before any handler runs.
@Suite struct HeadSyntaxTests {
    static let malformed: [(name: String, head: String)] = [
        ("obs-fold", "GET / HTTP/1.1\r\nHost: x\r\nX-Folded: one\r\n two\r\n\r\n"),
        ("obs-fold with a tab", "GET / HTTP/1.1\r\nHost: x\r\nX-Folded: one\r\n\ttwo\r\n\r\n"),
        ("bare LF everywhere", "GET / HTTP/1.1\nHost: x\n\n"),
        ("bare LF after a field", "GET / HTTP/1.1\r\nHost: x\nX-A: b\r\n\r\n"),
        ("bare LF after the request line", "GET / HTTP/1.1\nHost: x\r\n\r\n"),
        ("bare LF ending the head", "GET / HTTP/1.1\r\nHost: x\r\n\n"),
        ("space before the colon", "GET / HTTP/1.1\r\nHost: x\r\nX-Name : value\r\n\r\n"),
        ("tab before the colon", "GET / HTTP/1.1\r\nHost: x\r\nX-Name\t: value\r\n\r\n"),
        ("space before the colon of Host", "GET / HTTP/1.1\r\nHost : x\r\n\r\n"),
        ("bare CR in a value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: b\rX-B: c\r\n\r\n"),
    ]

    @Test(arguments: malformed.indices)
    func malformedHeadIsRefusedBeforeTheHandler(index: Int) throws {
        let (name, head) = Self.malformed[index]
        let handled = Atomic(0)
        try withServer(handler: { _ in
            handled.add(1, ordering: .relaxed)
            return .text("handled")
        }) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send(head)
            let response = try connection.readResponse()
            #expect(response?.status == 400, "\(name) was answered \(response.map { String($0.status) } ?? "nothing")")
            #expect(handled.load(ordering: .relaxed) == 0, "\(name) reached the handler")
        }
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.0\r\n\r\n",
        "GET /a?b=c HTTP/1.1\r\nHost: x\r\nX-Empty:\r\nX-Spaces:   padded   \r\nX-Tab:\tv\r\nCookie: a=1; b=2\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc",
    ])
    func wellFormedHeadReachesTheHandler(request: String) throws {
        try withServer(handler: { request in .text("\(request.headers.count) \(request.body.count)") }) { server in
            let connection = try RawConnection(port: server.port)
            try connection.send(request)
            #expect(try connection.readResponse()?.status == 200)
        }
    }

    @Test func wellFormedHeadArrivingByteByByteReachesTheHandler() throws {
        try withServer(handler: { request in .text(request.headers["X-Last"] ?? "-") }) { server in
            let connection = try RawConnection(port: server.port)
            for byte in "GET / HTTP/1.1\r\nHost: x\r\nX-First: 1\r\nX-Last: 2\r\n\r\n".utf8 {
                try connection.send([byte])
            }
            let response = try connection.readResponse()
            #expect(response?.status == 200)
            #expect(response?.text == "2")
        }
    }
}
