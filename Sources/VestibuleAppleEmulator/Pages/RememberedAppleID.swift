import Foundation
import VestibuleHTTP

/// The Apple ID this browser last continued with, in a cookie of the emulator's own origin, so the consent page
/// offers it again as Apple's does: signing in again with Apple reaches the same account instead of making a
/// second one from the sample address.
enum RememberedAppleID {
    static let cookieName = "emulator_apple_id"
    /// Percent-encoded, so any address stays within a cookie's octets.
    private static let unescaped = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "@._-"))

    /// The remembered Apple ID, if this browser sent one that still reads as an address.
    static func read(from request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.removingPercentEncoding,
              AppleEmulator.isPlausibleAppleID(value)
        else { return nil }
        return value
    }

    /// Remembers `appleID` for a year. The emulator serves plain HTTP on loopback, so the cookie is not `Secure`.
    static func remember(_ appleID: String, on response: inout Response) throws(CookieError) {
        let value = appleID.addingPercentEncoding(withAllowedCharacters: unescaped) ?? ""
        response.setCookie(try Cookie(name: cookieName, value: value, maxAge: 365 * 24 * 3600, secure: false))
    }
}
