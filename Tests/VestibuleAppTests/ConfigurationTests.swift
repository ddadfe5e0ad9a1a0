import Foundation
import Testing
@testable import VestibuleApp
import VestibuleCore
import VestibuleWeb

@Suite struct ConfigurationTests {
    @Test func defaultsServeLocalhostOnPort8080WithDataInDotVestibule() throws {
        let configuration = try ConfigurationLoader(arguments: [], environment: [:]).load()
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.dataDirectory == ".vestibule")
        #expect(configuration.origin == "http://localhost:8080")
        #expect(!configuration.isSecure)
    }

    @Test func flagsWinOverEnvironmentWhichWinsOverTheFile() throws {
        let file = try writeConfigFile(#"{"port": 7000, "host": "0.0.0.0", "logLevel": "debug"}"#)
        let configuration = try ConfigurationLoader(
            arguments: ["--config", file, "--port=9000"],
            environment: ["VESTIBULE_PORT": "8000", "VESTIBULE_HOST": "::1"]
        ).load()
        #expect(configuration.port == 9000)
        #expect(configuration.host == "::1")
        #expect(configuration.logLevel == .debug)
    }

    @Test func everySettingHasAFlagAndAnEnvironmentVariableNamedAfterItsKey() {
        let names = Dictionary(uniqueKeysWithValues: Setting.all.map { ($0.key, [$0.flag, $0.environmentVariable]) })
        #expect(names["dataDir"] == ["--data-dir", "VESTIBULE_DATA_DIR"])
        #expect(names["behindTLSProxy"] == ["--behind-tls-proxy", "VESTIBULE_BEHIND_TLS_PROXY"])
        #expect(names["publicURL"] == ["--public-url", "VESTIBULE_PUBLIC_URL"])
        #expect(names["sessionIdleTimeout"] == ["--session-idle-timeout", "VESTIBULE_SESSION_IDLE_TIMEOUT"])
    }

    @Test func anHTTPSPublicURLMakesCookiesSecure() throws {
        let configuration = try ConfigurationLoader(
            arguments: ["--public-url", "https://id.example.com"],
            environment: [:]
        ).load()
        #expect(configuration.isSecure)
        #expect(configuration.origin == "https://id.example.com")
    }

    /// The hand-off's allowed returns and the documents' limits reach the pages' configuration.
    @Test func appOriginsAndDocumentLimitsAreRead() throws {
        let configuration = try ConfigurationLoader(
            arguments: ["--app-origins", "https://Shop.example.com, http://localhost:8090", "--documents-per-owner", "20"],
            environment: ["VESTIBULE_DOCUMENT_MAX_BYTES": "4096"]
        ).load()
        #expect(configuration.appOrigins == ["https://shop.example.com", "http://localhost:8090"])
        #expect(configuration.documentMaxBytes == 4096)
        #expect(configuration.documentsPerOwner == 20)
        let web = try Application.makeWebConfiguration(configuration)
        #expect(web.appOrigins == configuration.appOrigins)
        #expect(web.documentLimits == DocumentLimits(maximumBytes: 4096, perOwner: 20))
        let defaults = try ConfigurationLoader(arguments: [], environment: [:]).load()
        #expect((defaults.appOrigins, defaults.documentMaxBytes, defaults.documentsPerOwner) == ([], 65_536, 100))
    }

    @Test func theConfigFileCarriesTheSignInBenefitsPerLanguage() throws {
        let file = try writeConfigFile(#"{"signInBenefits": {"en": "Save your cart", "ja": "カートを保存"}}"#)
        let configuration = try ConfigurationLoader(arguments: ["--config", file], environment: [:]).load()
        #expect(configuration.signInBenefits == ["en": "Save your cart", "ja": "カートを保存"])
    }

    @Test(arguments: [
        (["--port", "http"], "port must be a whole number"),
        (["--port", "70000"], "port must be a whole number from 0 to 65535"),
        (["--prot", "80"], "Unknown option --prot"),
        (["--port"], "--port needs a value"),
        (["8080"], "Unexpected argument 8080"),
        (["--log-level", "loud"], "log-level must be one of"),
        (["--public-url", "https://id.example.com/path"], "public-url must be an http or https origin"),
        (["--behind-tls-proxy", "maybe"], "behind-tls-proxy must be true or false"),
        (["--session-idle-timeout", "9000", "--session-absolute-timeout", "600"], "is longer than session-absolute-timeout"),
        (["--behind-tls-proxy", "true", "--public-url", "http://id.example.com"], "use the https:// address"),
        (["--config", "/nonexistent/vestibule.json"], "cannot be read"),
        (["--app-origins", "https://shop.example.com/checkout"], "app-origins must be http or https origins"),
        (["--app-origins", "shop.example.com"], "app-origins must be http or https origins"),
        (["--document-max-bytes", "0"], "document-max-bytes must be a whole number"),
        (["--documents-per-owner", "many"], "documents-per-owner must be a whole number"),
    ])
    func badSettingsAreRefusedWithAMessageThatSaysWhatToFix(arguments: [String], message: String) {
        #expect {
            try ConfigurationLoader(arguments: arguments, environment: [:]).load()
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func aBadEnvironmentVariableIsNamedInTheError() {
        #expect {
            try ConfigurationLoader(arguments: [], environment: ["VESTIBULE_PORT": "eighty"]).load()
        } throws: { error in
            "\(error)".hasPrefix("VESTIBULE_PORT: port must be")
        }
    }

    @Test func anUnknownConfigFileKeyIsRefusedWithTheKnownOnes() throws {
        let file = try writeConfigFile(#"{"prot": 80}"#)
        #expect {
            try ConfigurationLoader(arguments: ["--config", file], environment: [:]).load()
        } throws: { error in
            "\(error)".contains("prot is not a setting") && "\(error)".contains("port")
        }
    }

    @Test func aConfigFileThatIsNotJSONIsRefused() throws {
        let file = try writeConfigFile("port = 80")
        #expect {
            try ConfigurationLoader(arguments: ["--config", file], environment: [:]).load()
        } throws: { error in
            "\(error)".contains("is not a JSON object")
        }
    }

    /// SIWA-9, SIWA-10: the operator's data policy is read at start-up, whole.
    @Test func theDataPolicyFileIsReadAtStartUp() throws {
        let file = try writeConfigFile(
            #"{"fields": [{"name": "phone", "type": "phone", "required": false, "label": {"en": "Phone"}, "benefit": {"en": "Texts when it ships"}}]}"#
        )
        let configuration = try ConfigurationLoader(arguments: ["--data-policy", file], environment: [:]).load()
        #expect(configuration.dataPolicy.fields.map(\.name) == ["phone"])
        #expect(try ConfigurationLoader(arguments: [], environment: [:]).load().dataPolicy.fields.isEmpty, "none by default")
    }

    @Test func aBadDataPolicyIsRefusedNamingTheFileTheFieldAndTheProblem() throws {
        let file = try writeConfigFile(
            #"{"fields": [{"name": "phone", "type": "phone", "required": true, "label": {"en": "Phone"}, "benefit": {"en": "Texts"}}]}"#
        )
        #expect {
            try ConfigurationLoader(arguments: [], environment: ["VESTIBULE_DATA_POLICY": file]).load()
        } throws: { error in
            "\(error)" == "data-policy \(file): field \"phone\" is required: say why in \"reason\", not \"benefit\" (which is for optional fields)."
        }
        #expect {
            try ConfigurationLoader(arguments: ["--data-policy", "/nonexistent/policy.json"], environment: [:]).load()
        } throws: { error in
            "\(error)".contains("data-policy: the file /nonexistent/policy.json cannot be read")
        }
    }

    @Test func appOriginsAreOriginsWithoutAPath() throws {
        let configuration = try ConfigurationLoader(
            arguments: ["--app-origins", "https://shop.example.com/, http://localhost:8090"], environment: [:]
        ).load()
        #expect(configuration.appOrigins == ["https://shop.example.com", "http://localhost:8090"])
        #expect {
            try ConfigurationLoader(arguments: ["--app-origins", "https://shop.example.com/cart"], environment: [:]).load()
        } throws: { error in
            "\(error)".contains("app-origins must be http or https origins without a path")
        }
    }

    /// App keys are secrets: only long base64url values are taken, a refusal names the key's position and never
    /// its text, and the pages' configuration holds only their digests.
    @Test func appKeysAreLongBase64URLSecretsRefusedWithoutRepeatingThem() throws {
        let good = String(repeating: "Ab3-_", count: 7)  // 35 characters
        let configuration = try ConfigurationLoader(
            arguments: [], environment: ["VESTIBULE_APP_KEYS": " \(good), \(good.uppercased())"]
        ).load()
        #expect(configuration.appKeys == [good, good.uppercased()])
        let web = try Application.makeWebConfiguration(configuration)
        #expect(web.appKeys == AppKeys([good, good.uppercased()]))
        #expect(!"\(web)".contains(good), "only digests reach the pages' configuration")
        #expect(try ConfigurationLoader(arguments: [], environment: ["VESTIBULE_APP_KEYS": ""]).load().appKeys.isEmpty)

        let short = "c2hvcnQtYnV0LXZhbGlkLWJhc2U2NA"  // 30 characters
        let padded = String(repeating: "A", count: 40) + "=="
        for (keys, position) in [(short, "key 1 of 1"), ("\(good),\(padded)", "key 2 of 2"), ("\(good),", "key 2 of 2")] {
            #expect {
                try ConfigurationLoader(arguments: ["--app-keys", keys], environment: [:]).load()
            } throws: { error in
                let message = "\(error)"
                return message.contains("--app-keys: app-keys: \(position) is not at least 32 characters of base64url")
                    && !message.contains(short) && !message.contains(padded) && !message.contains(good)
            }
        }
    }

    @Test func theHelpListsEverySetting() {
        for setting in Setting.all {
            #expect(Configuration.settingsHelp.contains(setting.flag))
            #expect(Configuration.settingsHelp.contains(setting.environmentVariable))
        }
    }

    private func writeConfigFile(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vestibule-\(UUID().uuidString).json").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
