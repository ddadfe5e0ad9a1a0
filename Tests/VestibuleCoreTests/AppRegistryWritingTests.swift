import Testing
import VestibuleCore
import VestibuleCrypto

/// Writing the apps file (`vestibule clients` does): what is written reads back as the same registry, holds no
/// default the parser would assume anyway, and is the same text every time.
@Suite struct AppRegistryWritingTests {
    /// Every kind of app: API only with every member set, a confidential OpenID client with every setting, a
    /// public one, and one with nothing but what is required.
    static let registry = AppRegistry([
        RegisteredApp(
            id: "shop", name: "Example \"Shop\" \\ Café", keyDigest: SHA2.sha256("shop-key"),
            returnURLs: ["https://shop.example.com/signed-in", "http://localhost:3000/return"],
            mergeRule: .preferGuest, audiences: ["https://api.shop.example.com", "urn:shop"]
        ),
        RegisteredApp(
            id: "grafana", name: "Grafana", keyDigest: SHA2.sha256("grafana-key"),
            returnURLs: ["https://grafana.example.com/return"], mergeRule: .preferAccount, audiences: ["grafana"],
            openID: OpenIDClientSettings(
                redirectURIs: ["https://grafana.example.com/login/generic_oauth", "http://127.0.0.1:9000/cb"],
                postLogoutRedirectURIs: ["https://grafana.example.com/login"],
                backchannelLogoutURI: "https://grafana.example.com/backchannel?tenant=1",
                requiresPKCE: false, isFirstParty: true, idTokenAlgorithm: .es256
            )
        ),
        RegisteredApp(
            id: "phone-app", name: "Phone App", keyDigest: nil, returnURLs: [],
            openID: OpenIDClientSettings(redirectURIs: ["com.example.app:/callback"], isPublic: true, isFirstParty: true)
        ),
        RegisteredApp(
            id: "gitea", name: "Gitea", keyDigest: SHA2.sha256("gitea-key"), returnURLs: [],
            openID: OpenIDClientSettings(redirectURIs: ["https://git.example.com/user/oauth2/vestibule/callback"])
        ),
    ])

    @Test func aWrittenRegistryReadsBackAsTheSameRegistry() throws {
        let written = Self.registry.json
        #expect(try AppRegistry(json: written) == Self.registry)
        #expect(Self.registry.json == written, "the same registry is always the same text")
    }

    @Test func anEmptyRegistryIsAnEmptyListThatReadsBack() throws {
        #expect(String(decoding: AppRegistry().json, as: UTF8.self) == "{\n  \"apps\": []\n}\n")
        #expect(try AppRegistry(json: AppRegistry().json).isEmpty)
    }

    @Test func membersComeInTheDocumentedOrderIndentedByTwoSpacesWithDefaultsLeftOut() {
        let gitea = AppRegistry([Self.registry.apps[3]])
        let expected = """
            {
              "apps": [
                {
                  "id": "gitea",
                  "name": "Gitea",
                  "keySHA256": "\(Hex.encode(SHA2.sha256("gitea-key")))",
                  "openID": {
                    "redirectURIs": [
                      "https://git.example.com/user/oauth2/vestibule/callback"
                    ]
                  }
                }
              ]
            }

            """
        #expect(String(decoding: gitea.json, as: UTF8.self) == expected)
    }

    @Test func everySetMemberIsWrittenUnderTheParsersName() {
        let text = String(decoding: Self.registry.json, as: UTF8.self)
        for member in [
            "keySHA256", "returnURLs", "\"mergeRule\": \"preferAccount\"", "audiences", "postLogoutRedirectURIs",
            "backchannelLogoutURI", "\"requirePKCE\": false", "\"firstParty\": true", "\"idTokenAlgorithm\": \"ES256\"",
            "\"public\": true", "\"name\": \"Example \\\"Shop\\\" \\\\ Café\"", "\"https://grafana.example.com/login\"",
        ] {
            #expect(text.contains(member), "writes \(member)")
        }
    }

    @Test func aPublicClientIsWrittenWithoutAKeyOrRequirePKCE() throws {
        let phone = AppRegistry([Self.registry.apps[2]])
        let text = String(decoding: phone.json, as: UTF8.self)
        #expect(!text.contains("keySHA256"))
        #expect(!text.contains("requirePKCE"), "a public client always uses PKCE; the parser refuses false beside it")
        #expect(!text.contains("returnURLs"))
        #expect(try AppRegistry(json: phone.json) == phone)
    }

    @Test func controlCharactersAreEscapedAndReadBack() throws {
        let app = RegisteredApp(
            id: "odd", name: "Tab\there", keyDigest: SHA2.sha256("k"), returnURLs: ["https://odd.example.com/r"],
            audiences: ["line\nbreak", "bell\u{7}"]
        )
        let registry = AppRegistry([app])
        let text = String(decoding: registry.json, as: UTF8.self)
        #expect(text.contains("\"line\\nbreak\"") && text.contains("\"bell\\u0007\"") && text.contains("\"Tab\\there\""))
        #expect(try AppRegistry(json: registry.json) == registry)
    }
}
