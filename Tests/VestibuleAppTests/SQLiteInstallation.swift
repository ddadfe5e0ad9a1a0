import Foundation
import Testing
import VestibuleAppTesting
import VestibuleCore

/// A stopped SQLite installation made through its pages: Ada with a password, a passkey, two sessions, a
/// document and a pending password reset; a guest with a document; Vestibule's own signing key and
/// secret-keys file.
struct SQLiteInstallation {
    static let password = "correct horse battery staple"

    let path: String
    /// The folder holding the database and its `secret-keys` file.
    var dataDirectory: String { (path as NSString).deletingLastPathComponent }
    let account: AccountID
    /// A cookie carrying one of Ada's sessions.
    let cookie: String
    /// The data folder's secret keys, as VESTIBULE_SECRET_KEYS lists them.
    let secretKeys: String
    /// A guest's token; its guest has a `cart`.
    let guestToken: GuestToken
    /// The installation's application, stopped once it has written the data: held so that its scratch folder
    /// (the database at `path`) lasts as long as the installation.
    private let stopped: TestApplication

    init() throws {
        let app = try TestApplication()
        stopped = app
        defer { app.application.shutdown() }
        let browser = FormClient(app)
        try browser.createPasswordAccount(email: "ada@example.com", password: Self.password)
        let identity = try app.withStore { try $0.identity(method: .password, subject: "ada@example.com") }
        let accountID = try #require(identity).accountID
        let ada = try #require(try app.withStore { try $0.account(id: accountID) })
        try app.addPasskey(to: ada, name: "iPhone")
        let (_, session) = try app.signIn(to: ada)
        try APIClient(app: app, bearer: String(session.dropFirst("vestibule_session=".count))).create("prefs", "{}")
        let (guest, _) = try APIClient(app: app).newGuest()
        try guest.create("cart", #"{"books":["Dune"]}"#)
        guestToken = try #require(guest.bearer.flatMap(GuestToken.init(presented:)))
        let stranger = FormClient(app)
        try stranger.get("/reset-password")
        _ = try stranger.post("/reset-password", ["email": "ada@example.com"])
        account = accountID
        cookie = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        path = app.application.configuration.databasePath
        let keys = try String(contentsOfFile: app.dataDirectory + "/secret-keys", encoding: .utf8)
        secretKeys = keys.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }.joined(separator: ",")
    }
}
