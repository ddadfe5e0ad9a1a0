import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleCrypto
import VestibuleTesting

/// `vestibule clients`, run as the operator runs it: the apps file it writes holds only SHA-256 digests, each
/// secret is printed once, and what it writes is what `vestibule serve` reads.
@Suite struct ClientsCommandTests {
    static let grafana = [
        "clients", "add", "grafana", "--name", "Grafana", "--redirect-uri", "https://grafana.example.com/login/generic_oauth",
    ]

    // MARK: add

    @Test func addPrintsTheSecretOnceAndTheFileKeepsOnlyItsSHA256ReadableByItsOwnerOnly() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = folder.path + "/apps.json"
        let result = try VestibuleExecutable.run(Self.grafana + ["--apps", file])
        #expect(result.status == 0, "\(result.output)")
        let secret = try #require(Self.secret(in: result.output))
        #expect(result.output.components(separatedBy: secret).count == 2, "printed once")
        #expect(result.output.contains("client_id:     grafana"))
        #expect(result.output.contains("shown only now"))
        #expect(result.output.contains("Restart Vestibule"))

        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains(secret))
        #expect(text.contains("\"keySHA256\": \"\(Hex.encode(SHA2.sha256(secret)))\""))
        #expect(try Self.mode(file) == 0o600)
        let app = try #require(try Self.registry(file).app(id: "grafana"))
        #expect(app.isKey(secret))
        #expect(app.name == "Grafana")
        #expect(app.openID == OpenIDClientSettings(redirectURIs: ["https://grafana.example.com/login/generic_oauth"]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["apps.json"], "no temporary file left")
    }

    @Test func addWritesEveryOptionAsTheAppsFileMemberServeReads() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = folder.path + "/apps.json"
        let result = try VestibuleExecutable.run([
            "clients", "add", "nextcloud", "--name", "Nextcloud",
            "--redirect-uri", "https://cloud.example.com/apps/user_oidc/code",
            "--redirect-uri", "https://cloud.example.com/index.php/apps/user_oidc/code",
            "--post-logout-redirect-uri", "https://cloud.example.com/",
            "--backchannel-logout-uri", "https://cloud.example.com/index.php/apps/user_oidc/backchannel-logout/vestibule",
            "--first-party", "--no-pkce", "--id-token-algorithm", "ES256", "--apps", file,
        ])
        #expect(result.status == 0, "\(result.output)")
        let app = try #require(try Self.registry(file).app(id: "nextcloud"))
        #expect(app.isKey(try #require(Self.secret(in: result.output))))
        #expect(
            app.openID
                == OpenIDClientSettings(
                    redirectURIs: [
                        "https://cloud.example.com/apps/user_oidc/code", "https://cloud.example.com/index.php/apps/user_oidc/code",
                    ],
                    postLogoutRedirectURIs: ["https://cloud.example.com/"],
                    backchannelLogoutURI: "https://cloud.example.com/index.php/apps/user_oidc/backchannel-logout/vestibule",
                    requiresPKCE: false, isFirstParty: true, idTokenAlgorithm: .es256
                )
        )
    }

    @Test func addWithPublicStoresNoKeyAndPrintsNoSecret() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = folder.path + "/apps.json"
        let result = try VestibuleExecutable.run([
            "clients", "add", "phone", "--name", "Phone", "--redirect-uri", "com.example.phone:/callback", "--public",
            "--apps", file,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(Self.secret(in: result.output) == nil)
        #expect(result.output.contains("no secret"))
        #expect(!(try String(contentsOfFile: file, encoding: .utf8)).contains("keySHA256"))
        #expect(try Self.registry(file).app(id: "phone")?.openID?.isPublic == true)
    }

    @Test func addToAnExistingFileKeepsItsAppsAndItsMode() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = try Self.fileWithShop(in: folder)
        chmod(file, 0o640)
        let result = try VestibuleExecutable.run(Self.grafana + ["--apps", file])
        #expect(result.status == 0, "\(result.output)")
        let registry = try Self.registry(file)
        #expect(registry.apps.map(\.id) == ["shop", "grafana"])
        #expect(registry.app(id: "shop")?.isKey("shop-key") == true)
        #expect(try Self.mode(file) == 0o640)
    }

    @Test func theAppsFileMayComeFromTheEnvironmentOrTheConfigFile() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = folder.path + "/apps.json"
        let added = try VestibuleExecutable.run(Array(Self.grafana), environment: ["VESTIBULE_APPS": file])
        #expect(added.status == 0, "\(added.output)")
        let config = folder.path + "/config.json"
        try #"{"apps": "\#(file)", "port": 9000}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let listed = try VestibuleExecutable.run(["clients", "list", "--config", config])
        #expect(listed.status == 0, "\(listed.output)")
        #expect(listed.output.contains("grafana"))
    }

    // MARK: list, show

    @Test func listPrintsOneLinePerAppWithItsNameAndKind() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = try Self.fileWithShop(in: folder)
        _ = try VestibuleExecutable.run(Self.grafana + ["--apps", file])
        _ = try VestibuleExecutable.run([
            "clients", "add", "phone", "--name", "Phone App", "--redirect-uri", "com.example.phone:/cb", "--public",
            "--apps", file,
        ])
        let result = try VestibuleExecutable.run(["clients", "list", "--apps", file])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines == ["shop API only Example Shop", "grafana OpenID confidential Grafana", "phone OpenID public Phone App"])
    }

    @Test func listOfAnEmptyOrMissingFileSaysNoAppsAreRegistered() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = folder.path + "/apps.json"
        let missing = try VestibuleExecutable.run(["clients", "list", "--apps", file])
        #expect(missing.status == 0)
        #expect(missing.output.contains("No apps registered in \(file)"))
        try #"{"apps": []}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let empty = try VestibuleExecutable.run(["clients", "list", "--apps", file])
        #expect(empty.output == "No apps registered in \(file).\n")
    }

    @Test func showPrintsEverySettingAndNeitherTheSecretNorItsDigest() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = folder.path + "/apps.json"
        let added = try VestibuleExecutable.run(
            Self.grafana + ["--post-logout-redirect-uri", "https://grafana.example.com/login", "--first-party", "--apps", file]
        )
        let secret = try #require(Self.secret(in: added.output))
        let result = try VestibuleExecutable.run(["clients", "show", "grafana", "--apps", file])
        #expect(result.status == 0, "\(result.output)")
        for text in [
            "grafana: Grafana", "OpenID confidential", "secret: set (only its SHA-256 is kept)",
            "https://grafana.example.com/login/generic_oauth", "https://grafana.example.com/login", "PKCE: required",
            "first party: yes", "RS256", "back-channel logout URI: none",
        ] {
            #expect(result.output.contains(text), "shows \(text)")
        }
        #expect(!result.output.contains(secret))
        #expect(!result.output.contains(Hex.encode(SHA2.sha256(secret))))

        _ = try VestibuleExecutable.run([
            "clients", "add", "phone", "--name", "Phone", "--redirect-uri", "com.example.phone:/cb", "--public", "--apps", file,
        ])
        #expect(try VestibuleExecutable.run(["clients", "show", "phone", "--apps", file]).output.contains("public client: no secret"))
    }

    // MARK: rotate-secret, remove

    @Test func rotateSecretReplacesTheDigestAndPrintsTheNewSecretOnceWithWhenTheOldOneStops() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = folder.path + "/apps.json"
        let old = try #require(Self.secret(in: try VestibuleExecutable.run(Self.grafana + ["--apps", file]).output))
        let result = try VestibuleExecutable.run(["clients", "rotate-secret", "grafana", "--apps", file])
        #expect(result.status == 0, "\(result.output)")
        let new = try #require(Self.secret(in: result.output))
        #expect(new != old)
        #expect(result.output.components(separatedBy: new).count == 2, "printed once")
        for text in ["shown only now", "keeps working until Vestibule restarts", "X-Vestibule-App-Key"] {
            #expect(result.output.contains(text), "says \(text)")
        }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(Hex.encode(SHA2.sha256(new))))
        #expect(!text.contains(Hex.encode(SHA2.sha256(old))), "the old digest is gone")
        #expect(try Self.registry(file).app(id: "grafana")?.openID != nil, "the other settings stay")
    }

    @Test func rotateSecretGivesAnAPIAppANewKey() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = try Self.fileWithShop(in: folder)
        let result = try VestibuleExecutable.run(["clients", "rotate-secret", "shop", "--apps", file])
        #expect(result.status == 0, "\(result.output)")
        let shop = try #require(try Self.registry(file).app(id: "shop"))
        #expect(shop.isKey(try #require(Self.secret(in: result.output))))
        #expect(!shop.isKey("shop-key"))
        #expect(shop.returnURLs == ["https://shop.example.com/back"])
    }

    @Test func removeDropsTheAppAndSaysToRestart() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = try Self.fileWithShop(in: folder)
        _ = try VestibuleExecutable.run(Self.grafana + ["--apps", file])
        let result = try VestibuleExecutable.run(["clients", "remove", "grafana", "--apps", file])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Removed grafana"))
        #expect(result.output.contains("Restart Vestibule"))
        #expect(try Self.registry(file).apps.map(\.id) == ["shop"])
    }

    // MARK: refusals

    /// Each refusal: exit 78, a sentence that says what is wrong, and the file as it was.
    @Test(arguments: [
        (["show", "nope"], "No app \"nope\" is registered"),
        (["rotate-secret", "nope"], "No app \"nope\" is registered"),
        (["remove", "nope"], "No app \"nope\" is registered"),
        (["show"], "clients show needs the app's id"),
        (["add", "new", "--redirect-uri", "https://new.example.com/cb"], "clients add needs --name NAME"),
        (["add", "new", "--name", "New"], "clients add needs --redirect-uri URI"),
        (["add", "new", "--name", "New", "--redirect-uri", "ftp://new.example.com/cb"],
         "the redirect URI \"ftp://new.example.com/cb\" must be https"),
        (["add", "new", "--name", "New", "--redirect-uri", "https://new.example.com/cb#top"],
         "the redirect URI \"https://new.example.com/cb#top\" must be https"),
        (["add", "New_1", "--name", "New", "--redirect-uri", "https://new.example.com/cb"],
         "\"id\" must be lower-case letters, digits and -"),
        (["add", "shop", "--name", "Shop", "--redirect-uri", "https://shop.example.com/cb"],
         "An app \"shop\" is already registered"),
        (["add", "new", "--name", "New", "--redirect-uri", "com.example.new:/cb", "--public", "--no-pkce"],
         "--public and --no-pkce do not go together"),
        (["add", "new", "--name", "New", "--redirect-uri", "https://new.example.com/cb", "--id-token-algorithm", "EdDSA"],
         "--id-token-algorithm must be RS256 or ES256"),
        (["add", "new", "--name", "New", "--redirect-uri", "https://new.example.com/cb", "--secret", "mine"],
         "Unknown option --secret"),
        (["frob"], "clients takes add, list, show, rotate-secret or remove"),
    ])
    func aBadCommandIsRefusedWithWhatIsWrongAndTheFileUnchanged(arguments: [String], message: String) throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = try Self.fileWithShop(in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let result = try VestibuleExecutable.run(["clients"] + arguments + ["--apps", file])
        #expect(result.status == 78)
        #expect(result.output.contains(message), "\(result.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func rotateSecretRefusesAPublicClient() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = folder.path + "/apps.json"
        _ = try VestibuleExecutable.run([
            "clients", "add", "phone", "--name", "Phone", "--redirect-uri", "com.example.phone:/cb", "--public", "--apps", file,
        ])
        let result = try VestibuleExecutable.run(["clients", "rotate-secret", "phone", "--apps", file])
        #expect(result.status == 78)
        #expect(result.output.contains("phone is a public client: it has no secret to rotate"))
    }

    @Test func anAppsFileThatCannotBeReadOrThatServeWouldRefuseIsNotTouched() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        // A folder cannot be read as a file, even by root, who can read any mode.
        let unreadable = try VestibuleExecutable.run(["clients", "list", "--apps", folder.path])
        #expect(unreadable.status == 78)
        #expect(unreadable.output.contains("The apps file \(folder.path) cannot be read"))

        let file = folder.path + "/apps.json"
        try #"{"apps": [{"id": "shop"}]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try VestibuleExecutable.run(Self.grafana + ["--apps", file])
        #expect(refused.status == 78)
        #expect(refused.output.contains("is refused, as `vestibule serve` would refuse it: app \"shop\": \"name\" must be"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == #"{"apps": [{"id": "shop"}]}"#)

        let missing = try VestibuleExecutable.run(["clients", "remove", "shop", "--apps", folder.path + "/none.json"])
        #expect(missing.status == 78)
        #expect(missing.output.contains("does not exist. `vestibule clients add` creates it."))
    }

    @Test func withoutAnAppsFileSettingItAsksWhichFile() throws {
        let result = try VestibuleExecutable.run(["clients", "list"])
        #expect(result.status == 78)
        #expect(result.output.contains("Which apps file? Give --apps FILE"))
    }

    @Test func helpExplainsEverySubcommandAndTheTopLevelHelpListsClients() throws {
        let help = try VestibuleExecutable.run(["clients", "--help"])
        #expect(help.status == 0)
        for text in [
            "clients add ID", "--redirect-uri", "--post-logout-redirect-uri", "--backchannel-logout-uri", "--public",
            "--first-party", "--no-pkce", "--id-token-algorithm", "list", "show ID", "rotate-secret ID", "remove ID",
            "VESTIBULE_APPS", "0600", "restart", "SHA-256", "Exit status",
        ] {
            #expect(help.output.contains(text), "clients --help mentions \(text)")
        }
        #expect(try VestibuleExecutable.run(["--help"]).output.contains("vestibule clients add|list|show|rotate-secret|remove"))
    }

    // MARK: end to end

    /// The secret `add` printed is the client secret the token endpoint accepts, from the file `serve` loads.
    @Test func aClientAddedByTheCommandRedeemsACodeWithThePrintedSecret() throws {
        let folder = try ScratchDirectory(prefix: "clients")
        let file = folder.path + "/apps.json"
        let added = try VestibuleExecutable.run([
            "clients", "add", "portal", "--name", "Example Portal", "--redirect-uri", OpenIDRelyingParty.redirectURI,
            "--first-party", "--apps", file,
        ])
        #expect(added.status == 0, "\(added.output)")
        let secret = try #require(Self.secret(in: added.output))
        let apps = try ConfigurationLoader(arguments: ["--apps", file], environment: [:]).load().apps

        let app = try TestApplication { $0.apps = apps }
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "ada@example.com", password: "correct horse battery staple")
        let party = OpenIDRelyingParty(app: app)
        let location = try browser.get(party.authorizationPath()).headers["Location"]
        let code = try #require(OpenIDRelyingParty.callbackParameters(location)?["code"], "first party: no consent page")
        let fields = [
            "grant_type": "authorization_code", "code": code, "redirect_uri": OpenIDRelyingParty.redirectURI,
            "code_verifier": party.verifier,
        ]

        let wrong = try party.tokenRequest(fields, secret: SecureRandom.token())
        #expect(wrong.json["error"]?.stringValue == "invalid_client")
        let tokens = try party.tokenRequest(fields, secret: secret)
        #expect(tokens.status == .ok, "\(String(decoding: tokens.body, as: UTF8.self))")
        let claims = try party.verifiedClaims(try #require(tokens.json["id_token"]?.stringValue))
        #expect(claims.aud == ["portal"])
    }

    // MARK: Helpers

    /// The 43-character base64url secret the command printed, if it printed one.
    private static func secret(in output: String) -> String? {
        output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).first { word in
            word.count == 43 && word.utf8.allSatisfy { $0.isBase64URL }
        }
    }

    private static func registry(_ file: String) throws -> AppRegistry {
        try AppRegistry(json: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
    }

    private static func mode(_ file: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }

    /// An apps file with one API-only app, `shop`, whose key is `shop-key`, written as an operator would by hand.
    private static func fileWithShop(in folder: ScratchDirectory) throws -> String {
        let file = folder.path + "/apps.json"
        let digest = Hex.encode(SHA2.sha256("shop-key"))
        try """
            {"apps": [{"id": "shop", "name": "Example Shop", "keySHA256": "\(digest)",
                       "returnURLs": ["https://shop.example.com/back"]}]}
            """.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }
}

extension UInt8 {
    fileprivate var isBase64URL: Bool {
        (0x41...0x5a).contains(self) || (0x61...0x7a).contains(self) || (0x30...0x39).contains(self) || self == 0x2d || self == 0x5f
    }
}
