import Foundation
import VestibuleBookstore
import VestibuleClient
import VestibuleCrypto
import VestibuleLogging
import VestibuleTesting

/// The demo as `make run` starts it, on free ports: a real `vestibule serve` process in development mode (signing
/// in with Apple against a `vestibule-apple-emulator` process on another origin, and the bookstore registered in
/// its apps file) and the bookstore
/// beside it, built as `vestibule-bookstore` builds it, reaching Vestibule only over HTTP, with a fresh app key
/// (Vestibule's apps file holds its SHA-256, as `make run`'s does). Both on `localhost`, so that passkeys (RP ID `localhost`) work in
/// Chromium.
///
/// The bookstore is built with Vestibule's origin and Vestibule's apps file names the bookstore's: Vestibule's
/// port is reserved first, the bookstore starts on port 0, and Vestibule last, on its reserved port.
final class DemoSite {
    let vestibule: DevelopmentVestibule
    let bookstore: Bookstore
    /// Vestibule's data folder lives in it, removed with the site.
    private let scratch: ScratchDirectory
    /// `http://localhost:PORT` of each.
    let vestibuleOrigin: String
    let bookstoreOrigin: String
    /// The app key Vestibule accepts and the bookstore sends.
    let appKey = (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "_")

    init() throws {
        scratch = try ScratchDirectory(prefix: "vestibule-bookstore")
        let vestibulePort = try PortReservation()
        vestibuleOrigin = "http://localhost:\(vestibulePort.port)"
        var configuration = BookstoreConfiguration()
        configuration.port = 0
        configuration.vestibuleOrigin = vestibuleOrigin
        configuration.appKey = appKey
        bookstore = try Bookstore.build(
            configuration: configuration, logger: Logger(label: "bookstore", minimumLevel: .warning)
        )
        try bookstore.start()
        bookstoreOrigin = "http://localhost:\(bookstore.port)"
        let appsFile = scratch.path + "/apps.json"
        do {
            try #"""
                {"apps": [{"id": "bookstore", "name": "Vestibule Books", "keySHA256": "\#(Hex.encode(SHA2.sha256(appKey)))",
                           "openID": {"redirectURIs": ["\#(bookstoreOrigin)/signed-in"], "firstParty": true}}]}
                """#.write(toFile: appsFile, atomically: true, encoding: .utf8)
            vestibule = try DevelopmentVestibule(
                folder: scratch.path, port: vestibulePort, arguments: ["--apps", appsFile, "--log-level", "warning"]
            )
        } catch {
            bookstore.shutdown()
            throw error
        }
    }

    /// The client the bookstore uses (with its app key, for no shopper in particular), for a test to look at what
    /// Vestibule holds.
    var vestibuleClient: VestibuleClient { VestibuleClient(origin: vestibuleOrigin, appID: "bookstore", appKey: appKey) }

    func stop() {
        bookstore.shutdown()
        vestibule.stop()
    }
}
