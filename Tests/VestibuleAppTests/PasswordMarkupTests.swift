import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP
import VestibuleLocalization
import VestibulePages

/// AUTH-2, AUTH-5: every input on every page carries the type, autocomplete and keyboard that let
/// Password AutoFill and security-code AutoFill work, in every language.
@Suite struct PasswordMarkupTests {
    static let pages = ["/sign-in", "/sign-up", "/verify-email", "/reset-password", "/reset-password/code", "/account/password"]

    @Test(arguments: Language.allCases)
    func everyInputOnEveryPageHasTheRightAutoFillAttributes(language: Language) throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        let policy = PasswordPolicy()
        var checked = 0
        for path in Self.pages {
            // With the address a sign-up or a reset leaves for the code pages.
            let cookies = "\(cookie); vestibule_address=a%40example.com"
            let page = try app.respond(path, headers: ["Cookie": cookies, "Accept-Language": language.tag])
            #expect(page.status == .ok, "\(path)")
            for input in inputs(in: page.text) where input["type"] != "hidden" {
                checked += 1
                let context = "\(path) \(input["name"] ?? "?") (\(language))"
                // Names are capitalized word by word; everything else typed here is not prose.
                #expect(input["autocapitalize"] == (input["autocomplete"] == "name" ? "words" : "off"), "\(context)")
                #expect(input["spellcheck"] == "false", "\(context)")
                let labelled = page.text.contains("<label for=\"\(input["id"] ?? "-")\">")
                #expect(labelled, "every input has a bound label: \(context)")
                switch input["name"] {
                case "email":
                    #expect(input["type"] == "email", "\(context)")
                    // On the sign-in page the same field offers passkeys through AutoFill.
                    let autocomplete = path == "/sign-in" ? "username webauthn" : "username"
                    #expect(input["autocomplete"] == autocomplete, "\(context)")
                    #expect(input["inputmode"] == "email", "\(context)")
                case "displayName":
                    #expect(path == "/sign-up", "\(context)")
                    #expect(input["type"] == "text", "\(context)")
                    #expect(input["autocomplete"] == "name", "\(context)")
                case "code":
                    #expect(input["autocomplete"] == "one-time-code", "\(context)")
                    #expect(input["inputmode"] == "numeric", "\(context)")
                case "password" where input["autocomplete"] == "current-password":
                    #expect(["/sign-in", "/account/password"].contains(path), "\(context)")
                    #expect(input["type"] == "password", "\(context)")
                case "password", "new-password":
                    #expect(input["type"] == "password", "\(context)")
                    #expect(input["autocomplete"] == "new-password", "\(context)")
                    #expect(input["passwordrules"] == policy.passwordRules, "\(context)")
                    #expect(input["minlength"] == String(policy.minimumLength), "\(context)")
                    #expect(input["maxlength"] == String(policy.maximumLength), "\(context)")
                default:
                    Issue.record("an input this test does not know: \(context)")
                }
            }
        }
        #expect(checked >= 9)
    }

    /// AUTH-6: the word "passcode" and its translations appear on no rendered page, in any language.
    @Test(arguments: Language.allCases)
    func noRenderedPageSaysPasscode(language: Language) throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (_, cookie) = try app.signIn()
        for path in Self.pages + ["/", "/account", "/nowhere"] {
            let page = try app.respond(path, headers: ["Cookie": cookie, "Accept-Language": language.tag, "Accept": "text/html"])
            for word in ["passcode", "pass code", "パスコード", "暗証番号"] {
                #expect(!page.text.localizedCaseInsensitiveContains(word), "\(path) (\(language))")
            }
        }
    }

    /// AUTH-10: every button names its method.
    @Test func signInAndSignUpButtonsNameTheirMethod() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        #expect(try app.respond("/sign-in").text.contains(">Sign in with password</button>"))
        #expect(try app.respond("/sign-up").text.contains(">Create account with password</button>"))
    }

    @Test func wellKnownChangePasswordLeadsToTheChangePasswordPage() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let response = try app.respond("/.well-known/change-password")
        #expect([302, 303, 307].contains(response.status.code))
        #expect(response.headers["Location"] == "/account/password")
    }

    @Test func appleAppSiteAssociationListsTheConfiguredAppsAsJSONWithoutARedirect() throws {
        let app = try TestApplication { $0.appleAppIDs = ["ABCDE12345.com.example.app"]; $0.appleAppLinks = true }
        defer { app.application.shutdown() }
        let response = try app.respond("/.well-known/apple-app-site-association")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
        let document = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        let credentials = document?["webcredentials"] as? [String: Any]
        #expect(credentials?["apps"] as? [String] == ["ABCDE12345.com.example.app"])
        #expect(document?["applinks"] != nil)
        let unconfigured = try TestApplication()
        defer { unconfigured.application.shutdown() }
        #expect(try unconfigured.respond("/.well-known/apple-app-site-association").status == .notFound)
    }

    /// The attributes of every `<input …>` in `html`.
    private func inputs(in html: String) -> [[String: String]] {
        let tag = try! NSRegularExpression(pattern: #"<input([^>]*)>"#)
        let attribute = try! NSRegularExpression(pattern: #"([a-z-]+)(?:="([^"]*)")?"#)
        return tag.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let body = String(html[Range(match.range(at: 1), in: html)!])
            var attributes: [String: String] = [:]
            for found in attribute.matches(in: body, range: NSRange(body.startIndex..., in: body)) {
                let name = String(body[Range(found.range(at: 1), in: body)!])
                let value = Range(found.range(at: 2), in: body).map { String(body[$0]) } ?? ""
                attributes[name] = value
            }
            return attributes
        }
    }
}
