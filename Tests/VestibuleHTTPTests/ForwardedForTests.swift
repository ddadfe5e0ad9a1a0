import Testing
import VestibuleLogging
import VestibuleTesting
@testable import VestibuleHTTP

/// Behind a proxy the client address comes from the proxy's `X-Forwarded-For` entry, and only when trusted.
@Suite struct ForwardedForTests {
    private let echo: Handler = { request in .text(request.remoteAddress) }

    @Test func aTrustedProxysLastEntryIsTheClientAddressInRequestsAndTheLog() throws {
        let log = LogCapture()
        try withServer({ $0.trustForwardedFor = true }, log: log, handler: echo) { server in
            let response = try get("/", port: server.port, headers: "X-Forwarded-For: 203.0.113.7, 198.51.100.9\r\n")
            #expect(response?.text == "198.51.100.9", "the entry the proxy appended, not the one the client wrote")
        }
        #expect(log.text.contains("remote=198.51.100.9"))
    }

    @Test func withoutTrustTheHeaderIsIgnored() throws {
        try withServer(handler: echo) { server in
            let response = try get("/", port: server.port, headers: "X-Forwarded-For: 198.51.100.9\r\n")
            #expect(response?.text == "127.0.0.1")
        }
    }

    @Test func aForwardedValueThatIsNotAnAddressFallsBackToThePeer() throws {
        try withServer({ $0.trustForwardedFor = true }, handler: echo) { server in
            for value in ["", "unknown", "1.2.3.4 evil=1", "<script>"] {
                let response = try get("/", port: server.port, headers: "X-Forwarded-For: \(value)\r\n")
                #expect(response?.text == "127.0.0.1", "\(value)")
            }
            #expect(try get("/", port: server.port, headers: "X-Forwarded-For: ::1, 2001:db8::7\r\n")?.text == "2001:db8::7")
        }
    }
}
