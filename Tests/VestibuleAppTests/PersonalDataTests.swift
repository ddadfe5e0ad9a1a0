import Foundation
import Testing
import VestibuleApp
import VestibuleAppTesting
import VestibuleCore
import VestibuleHTTP
import VestibuleJSON

/// SIWA-9, SIWA-14: "Your data" shows every item held about the person, the values given for the data policy's
/// fields with why each is asked and that the person gave it, and the export holds every item the page shows.
@Suite struct PersonalDataTests {
    @Test func thePageShowsEveryItemHeldAndTheExportHoldsThemAll() throws {
        let app = try TestApplication { $0.dataPolicy = ShopPolicy.policy }
        defer { app.application.shutdown() }
        let (account, cookie) = try app.signIn(userAgent: "Safari on iPhone 15")
        try app.addPasskey(to: account, name: "Kitchen iPad")
        let documents = APIClient(app: app, bearer: String(cookie.dropFirst("vestibule_session=".count)))
        try documents.create("reading-list", #"{"next":"Middlemarch"}"#)
        let held = try app.withStore { store in
            let fields = AccountFields(policy: ShopPolicy.policy, store: store, clock: { Date() })
            try fields.give("+81 90 1234 5678", for: "phone", of: account.id)
            try fields.give("JP", for: "country", of: account.id)
            try fields.give(DataField.acceptedValue, for: "terms", of: account.id)
            // A field an earlier policy asked for: no longer declared, still held, so still shown.
            try store.saveAccountField(FieldValue(name: "nickname", value: "Countess", givenAt: Date()), of: account.id)
            return (identities: try store.identities(of: account.id), apple: try store.appleIdentities(of: account.id))
        }

        let page = try app.respond("/account/data", headers: ["Cookie": cookie])
        #expect(page.status == .ok)
        let export = try app.respond("/account/data.json", headers: ["Cookie": cookie])
        #expect(export.headers["Content-Disposition"] == #"attachment; filename="vestibule-data.json""#)
        #expect(export.headers["Cache-Control"] == "no-store")
        let json = try #require(JSONValue(parsing: export.body))
        let exported = String(decoding: export.body, as: UTF8.self)

        let fields = [
            "Phone number", "+819012345678", "We text you when your order ships.",
            "Country or region", "JP", "Prices, taxes and shipping depend on it.",
            "I accept the terms of service", "https://shop.example.com/terms", "We can sell to you only under these terms.",
            "nickname", "Countess",
        ]
        let items = [account.displayName, account.email, "Kitchen iPad", "Safari on iPhone 15", "reading-list"].compactMap { $0 }
            + held.identities.map(\.subject) + held.apple.map(\.clientID) + fields
        #expect(items.count >= 19)
        for item in items {
            #expect(page.text.contains(item), "the page shows \(item)")
            #expect(exported.contains(item), "the export holds \(item)")
        }
        #expect(json["account"]?["id"]?.stringValue == account.id.rawValue)
        #expect(json["signInMethods"]?.arrayValue?.count == held.identities.count)
        #expect(json["sessions"]?[0]?["createdAt"]?.stringValue?.hasSuffix("Z") == true, "ISO 8601 dates")
        // Each given value says who gave it and when, and why it is asked.
        #expect(page.text.components(separatedBy: "Given by you on").count == 5)
        #expect(page.text.contains("Japan (JP)"), "a region by its name in the reader's language")
        #expect(page.text.contains("We no longer ask for this."))
        #expect(json["fields"]?.arrayValue?.count == 4)
        #expect(json["fields"]?[0]?["name"]?.stringValue == "terms", "in the policy's order")
        #expect(json["fields"]?[0]?["required"] == true)
        #expect(json["fields"]?[0]?["givenAt"]?.stringValue?.hasSuffix("Z") == true)
        #expect(json["fields"]?[3]?["name"]?.stringValue == "nickname")
        #expect(json["fields"]?[3]?["why"] == nil, "no longer asked: no reason to give")
        #expect(!exported.contains("token"), "no session token or hash is exported")
        // A document an app saved: on the page its name, size and time; in the export its contents too.
        #expect(page.text.contains("22 bytes"))
        let document = json["documents"]?[0]
        #expect(document?["name"] == "reading-list" && document?["size"] == 22 && document?["version"] == 1)
        #expect(document?["content"] == ["next": "Middlemarch"])

        #expect(try app.respond("/account/data.json").status == .seeOther, "signed out: to the sign-in page")
    }
}
