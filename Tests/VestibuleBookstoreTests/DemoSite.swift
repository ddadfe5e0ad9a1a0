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
final class DemoSite {
    let vestibule: ServerProcess
    let appleEmulator: AppleEmulatorProcess
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
        let vestibulePort = try FreePort.find()
        var bookstorePort = try FreePort.find()
        while bookstorePort == vestibulePort { bookstorePort = try FreePort.find() }
        vestibuleOrigin = "http://localhost:\(vestibulePort)"
        bookstoreOrigin = "http://localhost:\(bookstorePort)"
        let appsFile = scratch.path + "/apps.json"
        try #"""
            {"apps": [{"id": "bookstore", "name": "Vestibule Books", "keySHA256": "\#(Hex.encode(SHA2.sha256(appKey)))",
                       "returnURLs": ["\#(bookstoreOrigin)/signed-in"]}]}
            """#.write(toFile: appsFile, atomically: true, encoding: .utf8)
        appleEmulator = try AppleEmulatorProcess(
            vestibuleOrigin: vestibuleOrigin, dataDirectory: scratch.path + "/apple-emulator"
        )
        do {
            vestibule = try ServerProcess(
                arguments: [
                    "serve", "--development", "--port", String(vestibulePort), "--public-url", vestibuleOrigin,
                    "--data-dir", scratch.path + "/data", "--apps", appsFile, "--log-level", "warning",
                ],
                environment: appleEmulator.vestibuleEnvironment
            )
        } catch {
            appleEmulator.stop()
            throw error
        }
        var configuration = BookstoreConfiguration()
        configuration.port = bookstorePort
        configuration.vestibuleOrigin = vestibuleOrigin
        configuration.appKey = appKey
        bookstore = try Bookstore.build(
            configuration: configuration, logger: Logger(label: "bookstore", minimumLevel: .warning)
        )
        do {
            try bookstore.start()
        } catch {
            vestibule.stop()
            appleEmulator.stop()
            throw error
        }
    }

    /// The client the bookstore uses (with its app key, for no shopper in particular), for a test to look at what
    /// Vestibule holds.
    var vestibuleClient: VestibuleClient { VestibuleClient(origin: vestibuleOrigin, appKey: appKey) }

    func stop() {
        bookstore.shutdown()
        vestibule.stop()
        appleEmulator.stop()
    }
}
