import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCrypto
import VestibuleHTTP
import VestibuleLogging
import VestibuleTesting

/// Development conveniences (every email readable at `/dev/outbox`, trusting the Apple ID emulator) exist only in
/// an explicit development mode, which runs only on this machine; without it, Vestibule needs a mail server
/// (issue #13, finding 1: a production server without SMTP served every reset code to anyone).
@Suite struct DevelopmentModeTests {
    /// Builds the application as `vestibule serve ARGUMENTS` would, in a fresh data folder.
    private func build(_ arguments: [String]) throws -> (Application, ScratchDirectory) {
        let scratch = try ScratchDirectory(prefix: "vestibule-mode")
        let configuration = try ConfigurationLoader(
            arguments: ["--port", "0", "--data-dir", scratch.path + "/data"] + arguments, environment: [:]
        ).load()
        return (try Application.build(configuration: configuration, logger: Logger(label: "test", minimumLevel: .error)), scratch)
    }

    private func startupRefusal(_ arguments: [String]) -> String? {
        do {
            let (application, _) = try build(arguments)
            application.shutdown()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aProductionStartWithoutAMailServerRefusesSayingWhatToSet() throws {
        for arguments in [["--public-url", "https://id.example.com"], ["--behind-tls-proxy", "true"], []] {
            let refusal = try #require(startupRefusal(arguments), "started without SMTP: \(arguments)")
            #expect(refusal.contains("smtp-url"), "\(refusal)")
            #expect(refusal.contains("--development"), "\(refusal)")
        }
    }

    @Test func withoutDevelopmentModeThereIsNoOutboxPage() throws {
        let (application, scratch) = try build(["--public-url", "https://id.example.com", "--smtp-url", "smtp://127.0.0.1:2525"])
        defer { application.shutdown(); withExtendedLifetime(scratch) {} }
        let outbox = try application.handler(try Request(method: .get, target: "/dev/outbox", headers: HTTPHeaders(), body: []))
        #expect(outbox.status == .notFound)
    }

    /// Only development mode trusts an Apple issuer other than Apple's: the Apple ID emulator signs anyone in.
    @Test func aProductionStartRefusesAnAppleIssuerOtherThanApple() throws {
        let keyFile = try ScratchDirectory(prefix: "vestibule-mode")
        try SigningKey.generate(.es256).pkcs8PEM().write(toFile: keyFile.path + "/key.p8", atomically: true, encoding: .utf8)
        let apple = [
            "--apple-team-id", "EMULATOR01", "--apple-key-id", "EMULATORK1", "--apple-services-id", "dev.vestibule.web",
            "--apple-private-key-file", keyFile.path + "/key.p8", "--apple-issuer", "http://127.0.0.1:8081",
        ]
        let production = ["--public-url", "https://id.example.com", "--smtp-url", "smtp://127.0.0.1:2525"]
        let refusal = try #require(startupRefusal(production + apple), "started trusting the emulator in production")
        #expect(refusal.contains("apple-issuer"), "\(refusal)")
        #expect(startupRefusal(production + apple.dropLast(2)) == nil, "Apple's own issuer is refused")
        #expect(startupRefusal(["--development"] + apple) == nil, "development mode refuses the emulator")
    }

    @Test func developmentModeServesTheOutboxOnThisMachine() throws {
        let (application, scratch) = try build(["--development"])
        defer { application.shutdown(); withExtendedLifetime(scratch) {} }
        let outbox = try application.handler(try Request(method: .get, target: "/dev/outbox", headers: HTTPHeaders(), body: []))
        #expect(outbox.status == .ok)
    }

    /// Nothing is mailed in development mode without a mail server: the page that waits for a code and the log
    /// say where the email is, by its full address. With a mail server the email was sent, and neither says
    /// anything of an outbox.
    @Test(arguments: [false, true])
    func theCodePagesAndTheLogNameTheOutboxOnlyWhenMailGoesThere(withMailServer: Bool) throws {
        let app = try TestApplication { if withMailServer { $0.smtpURL = "smtp://127.0.0.1:1" } }
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        try browser.get("/sign-up")
        try browser.post("/sign-up", ["email": "ada@example.com", "password": "correct horse battery staple"])
        try browser.get("/reset-password")
        try browser.post("/reset-password", ["email": "ada@example.com"])
        let outboxURL = app.application.configuration.origin + "/dev/outbox"
        #expect(outboxURL.hasPrefix("http://localhost:"))
        for page in ["/verify-email", "/reset-password/code"] {
            let text = try browser.get(page).text
            #expect(text.contains(#"<a href="\#(outboxURL)">\#(outboxURL)</a>"#) == !withMailServer, "\(page)")
        }
        // Mail goes out on a queue of its own: wait for the outbox's two messages to be announced.
        let announced = "Development mode: the email was not sent; it is in \(outboxURL)"
        let deadline = Date().addingTimeInterval(5)
        while !withMailServer, app.logs.text.components(separatedBy: announced).count < 3, Date() < deadline {
            usleep(10_000)
        }
        #expect(app.logs.text.contains(announced) == !withMailServer, "\(app.logs.text)")
        if !withMailServer {
            let code = try app.waitForCode(to: "ada@example.com")
            #expect(!app.logs.text.contains(code), "the log names where the mail is, never what it says")
        }
    }

    @Test func developmentModeRefusesHTTPSATLSProxyAndAHostOtherMachinesReach() throws {
        let cases = [
            ["--public-url", "https://id.example.com"],
            ["--behind-tls-proxy", "true"],
            ["--host", "0.0.0.0"],
            ["--host", "192.168.1.20"],
        ]
        for arguments in cases {
            let refusal = try #require(startupRefusal(["--development"] + arguments), "\(arguments)")
            #expect(refusal.contains("Development mode"), "\(arguments): \(refusal)")
        }
    }

    /// What an operator sees: `vestibule serve` on an https address without a mail server exits with the sentence.
    @Test func theServeCommandExplainsTheRefusal() throws {
        let scratch = try ScratchDirectory(prefix: "vestibule-mode")
        let result = try VestibuleExecutable.run(
            ["serve", "--port", "0", "--data-dir", scratch.path, "--public-url", "https://id.example.com"]
        )
        #expect(result.status != 0)
        #expect(result.output.contains("smtp-url"), "\(result.output)")
    }
}
