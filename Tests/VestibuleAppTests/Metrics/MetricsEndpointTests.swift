import Foundation
import Testing
import VestibuleAppTesting
import VestibuleTesting

/// The metrics listener of a real running server, over real sockets: what it serves, that Prometheus' own
/// checker accepts it, and that the public listener never serves it.
@Suite struct MetricsEndpointTests {
    @Test func metricsAreOffByDefaultAndThePublicListenerAnswers404() throws {
        let (app, port) = try TestApplication.startedOnLocalhost()
        defer { app.application.shutdown() }
        #expect(app.application.metricsPort == nil)
        #expect(try Self.get("/metrics", port: port).status == 404)
    }

    @Test func withMetricsOnThePublicListenerStillAnswers404AndOnlyTheMetricsListenerServesThem() throws {
        let (app, port) = try TestApplication.startedOnLocalhost { $0.metricsPort = 0 }
        defer { app.application.shutdown() }
        let metricsPort = try #require(app.application.metricsPort)
        #expect(metricsPort != port)
        let onPublic = try Self.get("/metrics", port: port)
        #expect(onPublic.status == 404)
        #expect(!onPublic.text.contains("vestibule_"))
        let scrape = try Self.get("/metrics", port: metricsPort)
        #expect(scrape.status == 200)
        #expect(scrape.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        // The metrics listener serves nothing else: the public routes are not on it.
        #expect(try Self.get("/healthz", port: metricsPort).status == 404)
    }

    @Test func requestsAreCountedByRoutePatternNeverByPath() throws {
        let (app, port) = try TestApplication.startedOnLocalhost { $0.metricsPort = 0 }
        defer { app.application.shutdown() }
        let metricsPort = try #require(app.application.metricsPort)
        #expect(try Self.get("/healthz", port: port).status == 200)
        #expect(try Self.get("/no/such/page/secret-123", port: port).status == 404)
        _ = try Self.get("/handoff/code-456", port: port)
        let text = try Self.get("/metrics", port: metricsPort).text
        #expect(text.contains(#"vestibule_http_request_duration_seconds_count{route="/handoff/:code"} 1"#))
        #expect(text.contains(#"vestibule_http_requests_total{route="/healthz",status_class="2xx"} 1"#))
        #expect(text.contains(#"vestibule_http_requests_total{route="other",status_class="4xx"} 1"#))
        #expect(text.contains(#"vestibule_http_request_duration_seconds_count{route="/healthz"} 1"#))
        #expect(!text.contains("secret-123") && !text.contains("code-456"), "a path never becomes a label")
        #expect(text.contains("process_resident_memory_bytes "))
        #expect(text.contains("vestibule_sessions_live 0"))
    }

    @Test(
        .enabled(
            if: PrometheusTestServer.promtool != nil,
            "promtool is not installed (Debian package prometheus); run scripts/install-deps.sh test"))
    func theLiveEndpointPassesPromtoolCheckMetrics() throws {
        let promtool = try #require(PrometheusTestServer.promtool)
        let (app, port) = try TestApplication.startedOnLocalhost { $0.metricsPort = 0 }
        defer { app.application.shutdown() }
        let metricsPort = try #require(app.application.metricsPort)
        // Something in every kind of series: a route, an unmatched path, a sign-up, a refused sign-in.
        _ = try Self.get("/healthz", port: port)
        _ = try Self.get("/nowhere", port: port)
        let person = SocketBrowser(port: port, origin: app.application.configuration.origin, name: "person")
        try person.createPasswordAccount(
            email: "ada@example.com", password: "correct horse battery staple", dataDirectories: [app.dataDirectory])
        try person.get("/sign-in").expect(200)
        try person.post("/sign-in", ["email": "ada@example.com", "password": "wrong horse battery staple"]).expect(401)
        let scrape = try Self.get("/metrics", port: metricsPort)
        try #require(scrape.status == 200)
        let (status, output) = try HelperCommand.run(promtool, ["check", "metrics"], input: scrape.text)
        #expect(status == 0, "promtool check metrics: \(output)")
        #expect(output.isEmpty, "promtool printed problems: \(output)")
        #expect(scrape.text.contains(#"vestibule_sign_ins_total{method="password",outcome="failed"} 1"#))
        #expect(scrape.text.contains(#"vestibule_sign_ins_total{method="password",outcome="succeeded"} 1"#))
    }

    static func get(_ target: String, port: Int) throws -> RawConnection.Response {
        let connection = try RawConnection(port: port)
        try connection.send("GET \(target) HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n")
        return try #require(try connection.readResponse())
    }
}
