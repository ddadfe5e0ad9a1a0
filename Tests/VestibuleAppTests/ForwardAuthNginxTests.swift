import Foundation
import Testing
import VestibuleAppTesting
import VestibuleHTTP
import VestibuleHTTPServer
import VestibuleLogging
import VestibuleTesting

/// docs/api.md's nginx example, run for real: nginx asks Vestibule (`auth_request`) before it passes a
/// request to the protected app, and tells that app who is signed in.
@Suite(.enabled(if: NginxTestServer.isAvailable, "needs nginx (make test installs it)"))
struct ForwardAuthNginxTests {
    @Test func nginxPassesOnlySignedInVisitorsToTheAppAndNamesTheirAccount() throws {
        let (app, vestibulePort) = try TestApplication.startedOnLocalhost()
        defer { app.application.shutdown() }
        var configuration = HTTPServer.Configuration()
        configuration.port = 0
        configuration.threadPoolSize = 2
        // The protected app: it trusts nginx and answers with the account nginx told it about.
        let protected = HTTPServer(configuration: configuration, logger: Logger(label: "upstream", sink: .discard)) { request in
            .text("account=\(request.headers["X-Vestibule-Account"] ?? "none")")
        }
        try protected.start()
        defer { protected.shutdown() }
        let nginx = try NginxTestServer(
            port: try PortReservation(),
            upstreams: """
                  upstream vestibule { server 127.0.0.1:\(vestibulePort); }
                  upstream upstream { server 127.0.0.1:\(protected.port); }
                """,
            locations: Self.locations
        )
        defer { nginx.stop() }
        let (account, cookie) = try app.signIn()

        let signedOut = try get("/private/report", port: nginx.port)
        #expect(signedOut.status == 401, "\(nginx.errorLog)")
        #expect(!signedOut.text.contains("account="))

        // nginx replaces whatever the client claims to be with what Vestibule said.
        let signedIn = try get(
            "/private/report", port: nginx.port, headers: "Cookie: \(cookie)\r\nX-Vestibule-Account: someone-else\r\n"
        )
        #expect(signedIn.status == 200, "\(nginx.errorLog)")
        #expect(signedIn.text == "account=\(account.id.rawValue)")
    }

    /// The locations of docs/api.md's nginx example, as they appear there.
    static let locations = """
            location /private/ {
              auth_request /_vestibule;
              auth_request_set $account $upstream_http_x_vestibule_account;
              proxy_set_header X-Vestibule-Account $account;
              proxy_pass http://upstream;
            }
            location = /_vestibule {
              internal;
              proxy_pass http://vestibule/api/v1/forward-auth;
              proxy_pass_request_body off;
              proxy_set_header Content-Length "";
              proxy_set_header Cookie $http_cookie;
            }
        """

    private func get(_ path: String, port: Int, headers: String = "") throws -> RawConnection.Response {
        let connection = try RawConnection(port: port)
        try connection.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\(headers)\r\n")
        return try #require(try connection.readResponse())
    }
}
