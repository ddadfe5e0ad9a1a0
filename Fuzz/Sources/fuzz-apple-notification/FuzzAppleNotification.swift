import Foundation
import FuzzSupport
import VestibuleApple
import VestibuleCrypto
import VestibuleJSON

/// Apple's server-to-server notification: the `{"payload": "<JWS>"}` body, and the claims inside, whose `events`
/// member is JSON again, inside a string.
///
/// The first byte picks how the rest is used. Even: the rest is the body as posted, read as the notification route
/// reads it. Odd: the rest is the claims, which the target signs as Apple's key `apple` would, to reach what lies
/// behind the signature check. Oracle: a notification that verifies comes from claims naming Apple as issuer, this
/// service as an audience, and its `jti`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppleNotification(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let mode = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    if mode & 1 == 0 {
        guard let payload = JSONValue(parsing: rest)?["payload"]?.stringValue else { return 0 }
        Oracle.require((try? verifier.verifyNotification(payload)) == nil, "a notification the fuzzer wrote verified")
        return 0
    }
    let token = signedToken(header: Array(#"{"alg":"RS256","kid":"apple"}"#.utf8), payload: rest, key: key)
    guard let notification = try? verifier.verifyNotification(token) else { return 0 }
    let claims = JSONValue(parsing: rest)
    Oracle.require(claims?["iss"]?.stringValue == issuer, "verified claims from another issuer")
    Oracle.require(claims?["jti"]?.stringValue == notification.id, "the notification's id is not its jti")
    let audiences = claims?["aud"].map { $0.arrayValue ?? [$0] }?.compactMap(\.stringValue) ?? []
    Oracle.require(audiences.contains(notification.audience), "the notification's audience is not among aud")
    return 0
}

private let issuer = "https://appleid.apple.com"
private let key = try! SigningKey.generate(.rs256)
private let keys = JWKS(keys: [key.publicJWK(keyID: "apple")])
/// Fixed at 2027-01-15 08:00 UTC: the seeds' claims are issued then and expire an hour later.
private let verifier = AppleTokenVerifier(
    issuer: issuer, audiences: ["com.example.web"], keys: KeyCache(jwks: keys), fetchKeys: { keys },
    clock: { Date(timeIntervalSince1970: 1_800_000_000) }
)
