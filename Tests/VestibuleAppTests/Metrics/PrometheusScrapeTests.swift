import Testing
import VestibuleAppTesting
import VestibuleTesting

/// A real Prometheus scrapes a real server's metrics listener every second and sees a sign-in made through the
/// server's public listener.
@Suite(
    .enabled(
        if: PrometheusTestServer.isAvailable,
        "prometheus is not installed (Debian package prometheus); run scripts/install-deps.sh test"))
struct PrometheusScrapeTests {
    @Test func prometheusSeesASignInMadeThroughTheServer() throws {
        let (app, port) = try TestApplication.startedOnLocalhost { $0.metricsPort = 0 }
        defer { app.application.shutdown() }
        let prometheus = try PrometheusTestServer(
            port: PortReservation(), targetPort: try #require(app.application.metricsPort))
        defer { prometheus.stop() }

        let person = SocketBrowser(port: port, origin: app.application.configuration.origin, name: "person")
        try person.createPasswordAccount(
            email: "ada@example.com", password: "correct horse battery staple", dataDirectories: [app.dataDirectory])
        try person.get("/sign-in").expect(200)
        try person.post("/sign-in", ["email": "ada@example.com", "password": "correct horse battery staple"]).expect(
            303)

        // The sign-up's confirmation and the sign-in: two sessions started with a password.
        let query = #"vestibule_sign_ins_total{method="password",outcome="succeeded"}"#
        let seen = try eventually(timeout: .seconds(20)) { try prometheus.query(query).first ?? 0 >= 2 }
        let targets = try prometheus.targetHealth()
        #expect(seen, "Prometheus did not see the sign-ins; its targets: \(targets)")
        #expect(try prometheus.query(#"up{job="vestibule"}"#) == [1])
        #expect(try prometheus.query("vestibule_sessions_live").first ?? 0 >= 1)
    }
}
