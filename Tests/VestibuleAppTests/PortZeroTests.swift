import Foundation
import Testing
import VestibuleAppTesting
import VestibuleTesting

/// Port 0 and no public URL (`vestibule serve --port 0`, and every `TestApplication`): the build binds the port
/// the kernel picks and the default public URL names it, so that the pages, passkeys and Sign in with Apple's
/// redirect use an origin that reaches this server; nothing is answered before ``Application/start()``.
@Suite struct PortZeroTests {
    @Test func aBuildOnPortZeroNamesTheBoundPortInItsOriginAndAnswersOnlyOnceStarted() throws {
        let app = try TestApplication(appleEmulator: false)
        defer { app.application.shutdown() }
        let port = app.application.port
        #expect(port != 0)
        #expect(app.application.configuration.port == port)
        #expect(app.application.configuration.origin == "http://localhost:\(port)")
        #expect(throws: RawConnection.Failure.self, "refused before start") { try RawConnection(port: port) }

        try app.application.start()
        #expect(app.application.port == port)
        let connection = try RawConnection(port: port)
        try connection.send("GET / HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n")
        #expect(try connection.readResponse()?.status == 200)
    }

    @Test func aConfiguredPublicURLIsKeptAndThePortBoundOnlyAtStart() throws {
        let app = try TestApplication(appleEmulator: false) { $0.publicURL = URL(string: "http://localhost:8443") }
        defer { app.application.shutdown() }
        #expect(app.application.port == 0)
        #expect(app.application.configuration.origin == "http://localhost:8443")
        try app.application.start()
        #expect(app.application.port != 0)
    }
}
