@preconcurrency import Glibc
import Testing
import VestibuleTesting

/// The test server itself must not leave processes or files behind.
@Suite(.enabled(if: SMTPTestServer.isAvailable, "python3 with aiosmtpd is not installed: run scripts/install-deps.sh test"))
struct SMTPTestServerTests {
    @Test func stopEndsTheProcessAndClosesThePort() throws {
        let server = try SMTPTestServer()
        let pid = server.processIdentifier
        #expect(kill(pid, 0) == 0)

        server.stop()
        server.stop()  // a second stop is harmless

        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        #expect(throws: (any Error).self) { try RawConnection(port: server.port, timeout: 1) }
    }

    @Test func releasingTheServerWithoutStopEndsTheProcess() throws {
        var server: SMTPTestServer? = try SMTPTestServer(startTLS: true)
        let pid = try #require(server?.processIdentifier)
        let certificate = try #require(server?.certificateFile)
        server = nil

        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        #expect(access(certificate, F_OK) != 0, "the temporary folder was left behind")
    }
}
