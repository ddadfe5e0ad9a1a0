import Foundation
import Testing
import VestibuleApp
import VestibuleCore
import VestibuleHTTP
import VestibuleJSON

/// SIWA-14: "Your data" shows every item held about the person, and the export holds every item the page
/// shows.
@Suite struct PersonalDataTests {
    @Test func thePageShowsEveryItemHeldAndTheExportHoldsThemAll() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn(userAgent: "Safari on iPhone 15")
        try app.addPasskey(to: account, name: "Kitchen iPad")
        let documents = APIClient(app: app, bearer: String(cookie.dropFirst("vestibule_session=".count)))
        try documents.create("reading-list", #"{"next":"Middlemarch"}"#)
        let held = try app.withStore { store in
            (identities: try store.identities(of: account.id), apple: try store.appleIdentities(of: account.id))
        }

        let page = try app.respond("/account/data", headers: ["Cookie": cookie])
        #expect(page.status == .ok)
        let export = try app.respond("/account/data.json", headers: ["Cookie": cookie])
        #expect(export.headers["Content-Disposition"] == #"attachment; filename="vestibule-data.json""#)
        #expect(export.headers["Cache-Control"] == "no-store")
        let json = try #require(JSONValue(parsing: export.body))
        let exported = String(decoding: export.body, as: UTF8.self)

        let items = [account.displayName, account.email, "Kitchen iPad", "Safari on iPhone 15", "reading-list"].compactMap { $0 }
            + held.identities.map(\.subject) + held.apple.map(\.clientID)
        #expect(items.count >= 7)
        for item in items {
            #expect(page.text.contains(item), "the page shows \(item)")
            #expect(exported.contains(item), "the export holds \(item)")
        }
        #expect(json["account"]?["id"]?.stringValue == account.id.rawValue)
        #expect(json["signInMethods"]?.arrayValue?.count == held.identities.count)
        #expect(json["sessions"]?[0]?["createdAt"]?.stringValue?.hasSuffix("Z") == true, "ISO 8601 dates")
        #expect(!exported.contains("token"), "no session token or hash is exported")
        // A document an app saved: on the page its name, size and time; in the export its contents too.
        #expect(page.text.contains("22 bytes"))
        let document = json["documents"]?[0]
        #expect(document?["name"] == "reading-list" && document?["size"] == 22 && document?["version"] == 1)
        #expect(document?["content"] == ["next": "Middlemarch"])

        #expect(try app.respond("/account/data.json").status == .seeOther, "signed out: to the sign-in page")
    }
}
