import Foundation
import VestibuleLogging
import VestibuleTesting
@testable import VestibuleHTTP
import VestibuleHTTPServer

/// A live server on an ephemeral port for one test; always shut down, even when the test body throws.
@discardableResult
func withServer<T>(
    _ configure: (inout HTTPServer.Configuration) -> Void = { _ in },
    log: LogCapture = LogCapture(),
    handler: @escaping Handler = { _ in .text("hello") },
    _ body: (HTTPServer) throws -> T
) throws -> T {
    var configuration = HTTPServer.Configuration()
    configuration.port = 0
    configuration.threadPoolSize = 2
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, logger: Logger(label: "test", sink: log.sink), handler: handler)
    try server.start()
    defer { server.shutdown(gracePeriod: .seconds(2)) }
    return try body(server)
}

/// A plain GET over a fresh connection.
func get(_ target: String, port: Int, headers: String = "") throws -> RawConnection.Response? {
    let connection = try RawConnection(port: port)
    try connection.send("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\(headers)\r\n")
    return try connection.readResponse()
}
