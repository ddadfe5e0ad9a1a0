import Foundation
import Testing
import VestibuleTesting

/// The Apache relying party by itself, before any provider answers: it starts with mod_auth_openidc loaded and
/// in charge of `/protected`, and its unprotected pages answer. Signing in through it is the provider's tests'.
@Suite(
    .enabled(if: ApacheOpenIDCTestServer.isAvailable, "needs apache2 and mod_auth_openidc (make test installs them)"))
struct ApacheOpenIDCTestServerTests {
    @Test func apacheStartsWithTheModuleInChargeOfTheProtectedPath() throws {
        // Nothing listens on the issuer's port: the provider is not running, which is what this test is about.
        let provider = try PortReservation()
        let port = try PortReservation()
        let apache = try ApacheOpenIDCTestServer(
            port: port, issuer: "http://127.0.0.1:\(provider.port)", clientID: "apache-test",
            clientSecret: "s3cret \"quoted\""
        )
        defer { apache.stop() }

        #expect(apache.errorLog.contains("mod_auth_openidc-2.4.12"), "\(apache.errorLog)")
        #expect(apache.redirectURI == "http://127.0.0.1:\(port.port)/protected/redirect_uri")
        #expect(apache.backchannelLogoutURI == "\(apache.redirectURI)?logout=backchannel")

        let loggedOut = try get(apache.postLogoutRedirectURI, port: apache.port)
        #expect(loggedOut.status == 200 && loggedOut.text.contains("Signed out"))

        // Signed out, a browser (one that accepts HTML; other clients get 401) is sent to the provider, which
        // needs the discovery document first: without a provider the module answers 500 and names the URL.
        let protected = try get(apache.protectedURL, port: apache.port)
        #expect(protected.status == 500)
        let discovery = "http://127.0.0.1:\(provider.port)/.well-known/openid-configuration"
        #expect(
            eventually { apache.errorLog.contains("could not retrieve metadata from url: \(discovery)") },
            "\(apache.errorLog)")

        // Logging out without a session goes straight to the page asked for.
        let logout = try get(apache.logoutURL(), port: apache.port)
        #expect(logout.status == 302 && logout.header("Location") == apache.postLogoutRedirectURI)

        // A back-channel logout without a logout token is refused.
        let path = String(apache.backchannelLogoutURI.dropFirst(apache.origin.count))
        let connection = try RawConnection(port: apache.port)
        try connection.send(
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: 3\r\nConnection: close\r\n\r\nx=1"
        )
        #expect(try connection.readResponse()?.status == 400)
        #expect(
            eventually { apache.accessLog.contains("POST /protected/redirect_uri?logout=backchannel 400") },
            "\(apache.accessLog)")

        apache.stop()
        #expect((try? RawConnection(port: port.port, timeout: 1)) == nil, "Apache still answers after stop()")
    }

    @Test func claimsAreReadFromTheProtectedPage() {
        let page =
            "OIDC_CLAIM_aud=apache-test\nOIDC_CLAIM_email=ada@example.com\nOIDC_CLAIM_name=Ada = Countess\nREMOTE_USER=abc\n"
        #expect(
            ApacheOpenIDCTestServer.claims(in: page)
                == ["aud": "apache-test", "email": "ada@example.com", "name": "Ada = Countess"]
        )
    }

    private func get(_ url: String, port: Int) throws -> RawConnection.Response {
        let origin = "http://127.0.0.1:\(port)"
        precondition(url.hasPrefix(origin), "\(url) is not on \(origin)")
        let connection = try RawConnection(port: port)
        try connection.send(
            "GET \(url.dropFirst(origin.count)) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/html\r\nConnection: close\r\n\r\n"
        )
        guard let response = try connection.readResponse() else { throw TestFailure("no answer to GET \(url)") }
        return response
    }
}
