import Testing
@testable import VestibuleWebDriver
import VestibuleJSON

/// The loopback transport and the WebDriver framing, against canned answers (no browser needed).
@Suite struct WebDriverWireTests {
    @Test func headerFieldsWithoutASpaceAfterTheColonAreAccepted() throws {
        let server = try CannedServer(reply: "HTTP/1.1 200 OK\r\nContent-Length:13\r\nContent-Type:application/json\r\n\r\n{\"value\":42}\n")
        defer { server.stop() }
        let wire = WebDriverWire(port: server.port, commandTimeout: .seconds(5))
        #expect(try wire.get("/status") == 42)
    }

    @Test func aChunkedBodyIsReassembled() throws {
        let server = try CannedServer(
            reply: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"val\r\n8;x=y\r\nue\":\"ok\"\r\n1\r\n}\r\n0\r\n\r\n"
        )
        defer { server.stop() }
        let wire = WebDriverWire(port: server.port, commandTimeout: .seconds(5))
        #expect(try wire.post("/anything", ["a": 1]) == "ok")
    }

    @Test func aW3CErrorBecomesAWebDriverErrorWithItsCode() throws {
        let body = #"{"value":{"error":"no such element","message":"no such element: #x","stacktrace":"…"}}"#
        let server = try CannedServer(reply: "HTTP/1.1 404 Not Found\r\nContent-Length:\(body.utf8.count)\r\n\r\n\(body)")
        defer { server.stop() }
        let wire = WebDriverWire(port: server.port, commandTimeout: .seconds(5))
        let error = try #require(throws: WebDriverError.self) { try wire.post("/session/1/element") }
        #expect(error.code == .noSuchElement)
        #expect(error.message == "no such element: #x")
    }

    @Test func aServerThatNeverAnswersFailsWithTransportAtTheDeadline() throws {
        let server = try CannedServer(reply: nil)
        defer { server.stop() }
        let wire = WebDriverWire(port: server.port, commandTimeout: .milliseconds(300))
        let start = ContinuousClock.now
        let error = try #require(throws: WebDriverError.self) { try wire.get("/status") }
        #expect(error.code == .transport)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func aClosedPortFailsWithTransport() throws {
        let server = try CannedServer(reply: nil)
        server.stop()
        let wire = WebDriverWire(port: server.port, commandTimeout: .seconds(1))
        let error = try #require(throws: WebDriverError.self) { try wire.get("/status") }
        #expect(error.code == .transport)
    }

    @Test func jsonValuesRoundTripThroughTheirTextForm() throws {
        let value: JSONValue = ["n": 1.5, "i": -3, "s": "日本", "b": false, "z": nil, "a": [1, [true]], "o": [:]]
        #expect(JSONValue(parsing: value.serialized) == value)
        #expect(JSONValue(parsing: Array("true".utf8)) == .bool(true))
        #expect(JSONValue(parsing: Array("1".utf8)) == .number(1))
        #expect(JSONValue(parsing: Array("{".utf8)) == nil)
    }
}
