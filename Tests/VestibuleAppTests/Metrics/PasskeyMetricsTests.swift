import Foundation
import Testing
import VestibuleAppTesting
import VestibuleHTTP

/// A passkey answer that does not verify is a failed passkey sign-in; a refused registration is not a sign-in.
@Suite struct PasskeyMetricsTests {
    @Test func aPasskeyAnswerThatDoesNotVerifyIsCountedAsAFailedSignIn() throws {
        let (app, _) = try TestApplication.startedOnLocalhost { $0.metricsPort = 0 }
        defer { app.application.shutdown() }
        let metricsPort = try #require(app.application.metricsPort)
        let headers: HTTPHeaders = ["Content-Type": "application/json"]
        // Answers to challenges never issued: refused by the ceremony (`challengeUnknown`), not as malformed.
        let signIn = try app.respond(
            "/api/v1/passkeys/authentication", method: .post, headers: headers,
            body: Self.answer(type: "webauthn.get", response: #""authenticatorData":"AAAA","signature":"AAAA""#)
        )
        #expect(signIn.text.contains("challengeUnknown"))
        let registration = try app.respond(
            "/api/v1/passkeys/registration", method: .post, headers: headers,
            body: Self.answer(type: "webauthn.create", response: #""attestationObject":"AAAA""#)
        )
        #expect(registration.text.contains("challengeUnknown"), "refused by the ceremony too: \(registration.text)")

        let text = try MetricsEndpointTests.get("/metrics", port: metricsPort).text
        #expect(text.contains(#"vestibule_sign_ins_total{method="passkey",outcome="failed"} 1"#))
        #expect(text.contains(#"vestibule_sign_ins_total{method="passkey",outcome="succeeded"} 0"#))
    }

    private static func answer(type: String, response: String) -> String {
        let clientData = Data(#"{"type":"\#(type)","challenge":"AAAA","origin":"http://localhost"}"#.utf8)
            .base64EncodedString().replacingOccurrences(of: "=", with: "")
        return
            #"{"credential":{"id":"AQID","rawId":"AQID","type":"public-key","response":{"clientDataJSON":"\#(clientData)",\#(response)}}}"#
    }
}
