import Testing
import VestibuleAppTesting
import VestibuleTesting

/// Sign in with Apple against the Apple ID emulator, counted where the site decides it and at each call to
/// Apple's endpoints.
@Suite struct AppleMetricsTests {
    @Test func aSignInWithAppleAndOneWhileAppleIsUnreachableAreCountedByOutcome() throws {
        let (app, _) = try TestApplication.startedOnLocalhost { $0.metricsPort = 0 }
        defer { app.application.shutdown() }
        let metricsPort = try #require(app.application.metricsPort)
        try FormClient(app).signInWithApple(appleID: "ada@icloud.example")
        let late = FormClient(app)
        let posted = try late.consentToSignInWithApple(appleID: "grace@icloud.example")
        app.stopAppleEmulator()
        _ = try late.finishSignInWithApple(posted)

        let text = try MetricsEndpointTests.get("/metrics", port: metricsPort).text
        #expect(text.contains(#"vestibule_sign_ins_total{method="apple",outcome="succeeded"} 1"#))
        #expect(text.contains(#"vestibule_sign_ins_total{method="apple",outcome="failed"} 1"#))
        #expect(text.contains(#"vestibule_apple_requests_total{endpoint="token",outcome="succeeded"} 1"#))
        #expect(text.contains(#"vestibule_apple_requests_total{endpoint="token",outcome="unreachable"} 1"#))
        #expect(text.contains(#"vestibule_apple_request_duration_seconds_count{endpoint="token"} 2"#))
    }
}
