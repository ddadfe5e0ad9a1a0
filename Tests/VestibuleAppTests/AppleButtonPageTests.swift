import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCrypto
import VestibuleHTTP
import VestibuleTesting

/// Which Sign in with Apple button the pages show: Apple's own with Apple's servers (SIWA-16), in the one
/// title the operator chose everywhere (SIWA-17), allowed by the Content-Security-Policy; a text stand-in
/// with the development emulator.
@Suite struct AppleButtonPageTests {
    @Test func withApplesServersThePagesShowApplesOwnButtonInTheChosenTitle() throws {
        let keyFile = try Self.p8File()
        defer { try? FileManager.default.removeItem(atPath: keyFile) }
        let app = try TestApplication {
            $0.appleTeamID = "TEAM123456"
            $0.appleKeyID = "KEY1234567"
            $0.applePrivateKeyFile = keyFile
            $0.appleServicesID = "com.example.web"
            $0.appleButtonTitle = "continue"
            $0.appleButtonCornerRadius = 8
        }
        defer { app.application.shutdown() }
        #expect(app.appleEmulatorOrigin == nil, "Apple's servers, no emulator")

        let signIn = try app.respond("/sign-in")
        #expect(signIn.text.contains(#"<button class="apple-button apple-button-320x44-r8" type="submit">"#))
        #expect(signIn.text.contains("https://appleid.cdn-apple.com/appleid/button"))
        #expect(signIn.text.contains(#"alt="Continue with Apple""#))
        let policy = try #require(signIn.headers["Content-Security-Policy"])
        #expect(policy.contains("img-src 'self' data: https://appleid.cdn-apple.com;"))
        #expect(policy.contains("form-action 'self' https://appleid.apple.com;"))
        let japanese = try app.respond("/sign-in", headers: ["Accept-Language": "ja"])
        #expect(japanese.text.contains(#"alt="Appleで続ける""#), "the same title, in the reader's language")

        let stylesheet = try app.respond("/static/apple-button.css")
        #expect(stylesheet.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(stylesheet.text.contains(".apple-button-320x44-r8 {"))
    }

    /// SIWA-21…33: with the operator's copies of Apple's artwork, pages draw the custom button around it.
    @Test func withApplesArtworkThePagesDrawTheCustomButton() throws {
        let keyFile = try Self.p8File()
        defer { try? FileManager.default.removeItem(atPath: keyFile) }
        let artwork = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "VestibuleWebTests/Fixtures/test-artwork.svg").path
        let app = try TestApplication {
            $0.appleTeamID = "TEAM123456"
            $0.appleKeyID = "KEY1234567"
            $0.applePrivateKeyFile = keyFile
            $0.appleServicesID = "com.example.web"
            $0.appleButtonArtwork = artwork
            $0.appleButtonArtworkDark = artwork
        }
        defer { app.application.shutdown() }
        let signIn = try app.respond("/sign-in")
        #expect(signIn.text.contains("apple-button-on-light"))
        #expect(signIn.text.contains("apple-button-on-dark"))
        #expect(!signIn.text.contains("appleid.cdn-apple.com"), "no image from Apple's service")
        #expect(signIn.headers["Content-Security-Policy"]?.contains("img-src 'self' data:;") == true)
        #expect(throws: (any Error).self, "one artwork file without the other is refused") {
            try TestApplication {
                $0.appleTeamID = "TEAM123456"
                $0.appleKeyID = "KEY1234567"
                $0.applePrivateKeyFile = keyFile
                $0.appleServicesID = "com.example.web"
                $0.appleButtonArtwork = artwork
            }
        }
    }

    @Test func aTitleApplesImagesDoNotOfferIsRefusedAtConfiguration() throws {
        let result = try VestibuleExecutable.run(["serve", "--port", "0", "--apple-button-title", "sign-up"])
        #expect(result.status == 78)
        #expect(result.output.contains("apple-button-title must be sign-in or continue"))
    }

    @Test func withTheEmulatorTheButtonIsATextStandIn() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let signIn = try app.respond("/sign-in")
        #expect(signIn.text.contains(#"<button class="button button-apple" type="submit">Sign in with Apple</button>"#))
        #expect(!signIn.text.contains("appleid.cdn-apple.com"))
        #expect(signIn.headers["Content-Security-Policy"]?.contains("img-src 'self' data:;") == true)
    }

    /// Someone sent to create an account (an app's "Create an account", SIWA-6) finds Sign in with Apple first,
    /// the same button as on the sign-in page, then a passkey; without Apple only the passkey leads.
    @Test func theSignUpPageOffersSignInWithAppleFirstWhenItIsOn() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let page = try app.respond("/sign-up").text
        let apple = try #require(page.range(of: #"<form class="apple-start""#), "the Apple button is on the page")
        let passkey = try #require(page.range(of: "data-passkey=\"sign-up\""))
        #expect(apple.lowerBound < passkey.lowerBound, "Apple comes before the passkey")
        #expect(page.contains(#"<button class="button button-apple" type="submit">Sign in with Apple</button>"#))

        let withoutApple = try TestApplication(appleEmulator: false)
        defer { withoutApple.application.shutdown() }
        #expect(try !withoutApple.respond("/sign-up").text.contains("apple-start"))
    }

    /// A `.p8` file as Apple hands it out.
    static func p8File() throws -> String {
        let key = try SigningKey.generate(.es256)
        let base64 = Data(try key.pkcs8DER()).base64EncodedString(options: .lineLength64Characters)
        let path = FileManager.default.temporaryDirectory.appending(path: "AuthKey_\(UUID().uuidString).p8").path
        try "-----BEGIN PRIVATE KEY-----\n\(base64)\n-----END PRIVATE KEY-----\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
