import VestibuleCore
import VestibuleCrypto

/// Apps registered with the test applications, with the keys their servers present.
enum TestApps {
    static let shopOrigin = "http://localhost:8090"
    static let shopKey = "shop-key-0123456789-abcdefghijklmnopqrstuvwxyz"
    /// A shop that keeps both copies when a guest's document meets the account's, and has its own API.
    static let shop = RegisteredApp(
        id: "shop", name: "Example Shop", keyDigest: SHA2.sha256(shopKey),
        returnURLs: ["\(shopOrigin)/back", "\(shopOrigin)/signed-in", "https://shop.example.com/signed-in"],
        mergeRule: .keepBoth, audiences: ["https://api.shop.example.com"]
    )
    static let otherKey = "other-key-0123456789-abcdefghijklmnopqrstuvwxyz"
    /// Another of the operator's apps, on another origin.
    static let other = RegisteredApp(
        id: "forum", name: "Example Forum", keyDigest: SHA2.sha256(otherKey),
        returnURLs: ["https://forum.example.com/back"], audiences: ["https://api.forum.example.com"]
    )
    static let registry = AppRegistry([shop, other])

    /// The shop, registered with other return addresses (a test server's port, Vestibule's own origin).
    static func shop(returningTo returnURLs: [String]) -> AppRegistry {
        AppRegistry([RegisteredApp(id: "shop", name: "Example Shop", keyDigest: SHA2.sha256(shopKey), returnURLs: returnURLs)])
    }
}
