import Foundation
import Testing
@testable import VestibuleApp
import VestibuleCore

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

    /// The registered apps and the documents' limits reach the pages' configuration.
    @Test func theAppsFileAndDocumentLimitsAreRead() throws {
        let digest = String(repeating: "0f", count: 32)
        let file = try writeConfigFile(#"""
            {"apps": [{"id": "shop", "name": "Example Shop", "keySHA256": "\#(digest.uppercased())",
                       "returnURLs": ["https://shop.example.com/signed-in", "http://localhost:8090/signed-in"],
                       "mergeRule": "preferGuest", "audiences": ["https://api.shop.example.com"]}]}
            """#)
        let configuration = try ConfigurationLoader(
            arguments: ["--apps", file, "--documents-per-owner", "20"],
            environment: ["VESTIBULE_DOCUMENT_MAX_BYTES": "4096", "VESTIBULE_DOCUMENT_STORAGE_BYTES": "1000000"]
        ).load()
        let shop = try #require(configuration.apps.app(id: "shop"))
        #expect(shop.name == "Example Shop" && shop.mergeRule == .preferGuest)
        #expect(shop.returnURLs == ["https://shop.example.com/signed-in", "http://localhost:8090/signed-in"])
        #expect(shop.audiences == ["https://api.shop.example.com"])
        #expect(shop == RegisteredApp(
            id: "shop", name: "Example Shop", keyDigest: Array(repeating: 0x0f, count: 32), returnURLs: shop.returnURLs,
            mergeRule: .preferGuest, audiences: shop.audiences
        ))
        #expect(configuration.apps.origins == ["https://shop.example.com", "http://localhost:8090"])
        let web = try Application.makeWebConfiguration(configuration)
        #expect(web.apps == configuration.apps)
        #expect(web.documentLimits == DocumentLimits(maximumBytes: 4096, perOwner: 20, storageBytes: 1_000_000))
        let defaults = try ConfigurationLoader(arguments: [], environment: [:]).load()
        #expect((defaults.apps.isEmpty, defaults.documentMaxBytes, defaults.documentsPerOwner) == (true, 65_536, 100))
        #expect(defaults.documentStorageBytes == 1 << 30)
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
        (["--apps", "/nonexistent/apps.json"], "apps: the file /nonexistent/apps.json cannot be read"),
        (["--development", "maybe"], "development must be true or false"),
        (["--document-max-bytes", "0"], "document-max-bytes must be a whole number"),
        (["--documents-per-owner", "many"], "documents-per-owner must be a whole number"),
        // The metrics listener (`MetricsSettingsTests`).
        (["--metrics-host", "127.0.0.1"], "metrics-host is 127.0.0.1 but metrics-port is not set"),
        (["--metrics-port", "8080"], "metrics-port 8080 is the port of the public listener"),
        (["--port", "9000", "--metrics-port", "9000"], "metrics-port 9000 is the port of the public listener"),
        (["--metrics-port", "nine"], "metrics-port must be a whole number from 0 to 65535"),
        (["--metrics-port", "9100", "--metrics-host", ""], "metrics-host must be an IP address or name"),
        (
            ["--development", "--metrics-port", "9100", "--metrics-host", "0.0.0.0"],
            "metrics-host must be a loopback address"
        ),
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

    /// An apps file with a mistake stops the server, naming the app and what to fix: return addresses are exact
    /// https URLs (http only on this machine), keys are held as digests, ids and keys are each app's own.
    @Test(arguments: [
        (#"{"id": "shop", "name": "Shop", "keySHA256": "KEY", "returnURLs": ["http://shop.example.com/back"]}"#,
         #"app "shop": the return address "http://shop.example.com/back" must be an https URL"#),
        (#"{"id": "shop", "name": "Shop", "keySHA256": "KEY", "returnURLs": ["https://shop.example.com/back?next=1"]}"#,
         "without a query or fragment"),
        (#"{"id": "shop", "name": "Shop", "keySHA256": "KEY", "returnURLs": []}"#,
         #"app "shop": "returnURLs" must list at least one address"#),
        (#"{"id": "shop", "name": "Shop", "keySHA256": "not-a-digest", "returnURLs": ["https://shop.example.com/back"]}"#,
         #"app "shop": "keySHA256" must be the SHA-256 of the app's key in 64 hex digits"#),
        (#"{"id": "Shop!", "name": "Shop", "keySHA256": "KEY", "returnURLs": ["https://shop.example.com/back"]}"#,
         #"apps[0]: "id" must be lower-case letters, digits and -"#),
        (#"{"id": "shop", "name": "Shop", "keySHA256": "KEY", "returnURLs": ["https://shop.example.com/back"], "mergeRule": "newest"}"#,
         #"app "shop": "mergeRule" must be one of keepBoth, preferAccount, preferGuest, lastWriter."#),
        (#"{"id": "shop", "name": "Shop", "keySHA256": "KEY", "returnURLs": ["https://shop.example.com/back"], "redirect": "x"}"#,
         #"app "shop": "redirect" is not a setting of an app"#),
        (#"{"id": "shop", "name": "Shop", "keySHA256": "KEY", "returnURLs": ["https://a.example/back"]}, {"id": "shop", "name": "Again", "keySHA256": "KEY", "returnURLs": ["https://b.example/back"]}"#,
         #"app "shop" is registered twice"#),
        (#"{"id": "shop", "name": "Shop", "keySHA256": "KEY", "returnURLs": ["https://a.example/back"]}, {"id": "forum", "name": "Forum", "keySHA256": "KEY", "returnURLs": ["https://b.example/back"]}"#,
         #"app "forum" has the key of another app"#),
    ])
    func aBadAppsFileIsRefusedNamingTheAppAndTheProblem(apps: String, message: String) throws {
        let entries = apps.replacingOccurrences(of: "KEY", with: String(repeating: "ab", count: 32))
        let file = try writeConfigFile(#"{"apps": [\#(entries)]}"#)
        #expect {
            try ConfigurationLoader(arguments: ["--apps", file], environment: [:]).load()
        } throws: { error in
            "\(error)".contains("apps \(file): ") && "\(error)".contains(message)
        }
    }

    /// Behind a proxy every connection comes from the proxy, so a limit per address would limit everyone.
    @Test(arguments: [
        ([], 64), (["--max-connections-per-address", "8"], 8), (["--trust-proxy-headers"], 0),
        (["--behind-tls-proxy"], 0), (["--public-url", "https://id.example.com"], 0),
        (["--behind-tls-proxy", "--max-connections-per-address", "200"], 200),
    ])
    func theLimitPerAddressIsOffBehindAProxyUnlessSet(arguments: [String], limit: Int) throws {
        let configuration = try ConfigurationLoader(arguments: arguments, environment: [:]).load()
        #expect(configuration.effectiveMaxConnectionsPerAddress == limit)
        #expect(Application.makeServerConfiguration(configuration).maxConnectionsPerAddress == limit)
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
