import Glibc
import Testing
import VestibuleTesting
@testable import VestibuleHTTP
@testable import VestibuleHTTPServer

/// Slowloris: a client that opens connections and sends their heads slowly, or not at all, to hold every
/// connection slot. One address may hold only `maxConnectionsPerAddress` of them, and an unfinished head only
/// `requestHeadTimeout` of silence.
@Suite struct SlowClientTests {
    @Test func anAddressBeyondItsConnectionLimitIsRefusedWhileAnotherIsServed() throws {
        try withServer({ $0.maxConnectionsPerAddress = 2 }) { server in
            var held = try (0..<2).map { _ in try RawConnection(port: server.port, timeout: 3, from: "127.0.0.2") }
            for connection in held {
                // Answered, so the server has accepted and counted both before the third arrives.
                try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try connection.readResponse()?.status == 200)
            }

            let extra = try RawConnection(port: server.port, timeout: 3, from: "127.0.0.2")
            try? extra.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try extra.readResponse() == nil, "a third connection from one address was served")

            let other = try RawConnection(port: server.port, timeout: 3, from: "127.0.0.3")
            try other.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try other.readResponse()?.status == 200)

            // The limit counts open connections: once one closes, the address is served again.
            held.removeFirst()
            #expect(eventually {
                guard let again = try? RawConnection(port: server.port, timeout: 3, from: "127.0.0.2") else {
                    return false
                }
                try? again.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                return (try? again.readResponse())?.status == 200
            })
            withExtendedLifetime(held) {}
        }
    }

    @Test func aStalledRequestHeadIsDroppedAfterTheHeadTimeout() throws {
        try withServer({ $0.requestHeadTimeout = 1; $0.connectionTimeout = 30 }) { server in
            let connection = try RawConnection(port: server.port, timeout: 6)
            try connection.send("GET / HTTP/1.1\r\nHo")
            let started = ContinuousClock.now
            // No answer at all: MHD closes idle connections silently (no 408).
            #expect(try connection.readResponse() == nil)
            #expect(ContinuousClock.now - started < .seconds(4))
            #expect(try get("/", port: server.port)?.status == 200)
            #expect(eventually { server.inFlightRequests == 0 })
        }
    }

    @Test func aConnectionThatNeverSendsAByteIsDroppedAfterTheHeadTimeout() throws {
        try withServer({ $0.requestHeadTimeout = 1; $0.connectionTimeout = 30 }) { server in
            let connection = try RawConnection(port: server.port, timeout: 6)
            let started = ContinuousClock.now
            #expect(try connection.readResponse() == nil)
            #expect(ContinuousClock.now - started < .seconds(4))
        }
    }

    /// The short timeout covers only the wait for a head: bodies, handlers and keep-alive requests sent in
    /// time keep the connection timeout.
    @Test func theHeadTimeoutSparesSlowBodiesAndSlowHandlers() throws {
        var router = Router()
        router.get("/slow") { _ in
            usleep(2_000_000)  // a handler slower than the head timeout: the point of the test
            return .text("slow")
        }
        router.post("/upload") { request in .text("\(request.body.count)") }
        try withServer({ $0.requestHeadTimeout = 1; $0.connectionTimeout = 5 }, handler: router.handle) { server in
            let connection = try RawConnection(port: server.port, timeout: 8)
            try connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\nabc")
            usleep(2_000_000)  // a body slower than the head timeout: the point of the test
            try connection.send("def")
            #expect(try connection.readResponse()?.text == "6")

            try connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse()?.text == "slow")

            usleep(300_000)  // an idle keep-alive pause within the head timeout: the point of the test
            try connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse()?.text == "slow", "keep-alive within the head timeout")
        }
    }
}
