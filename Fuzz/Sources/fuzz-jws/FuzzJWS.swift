import Foundation
import FuzzSupport
import VestibuleCrypto
import VestibuleJSON

/// Compact JWS and JWT: the three segments, base64url, the protected header and the claims.
///
/// The first byte picks how the rest is used. Even: the rest is a token as received, which cannot carry a valid
/// signature, so this reaches everything before the signature check. Odd: the rest is a header, a newline and a
/// payload, which the target signs with the key `fuzz` (ES256) before verifying, to reach what lies behind it.
///
/// Oracles: a base64url segment that decodes re-encodes to itself (the decoder is strict, so no token has two
/// spellings); a correctly signed token whose header is an object with `"alg":"ES256"`, `"kid":"fuzz"`, an optional
/// string `typ` and no `crit` verifies, with the payload it was signed over, and any other does not; a JWT
/// accepted by the validator has exactly the payload's members as claims.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let mode = bytes.first else { return 0 }
    let rest = bytes.dropFirst()
    if mode & 1 == 0 {
        let token = String(decoding: rest, as: UTF8.self)
        for segment in token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard let decoded = try? Base64URL.decode(utf8: segment) else { continue }
            Oracle.require(Base64URL.encode(decoded).utf8.elementsEqual(segment), "base64url took a second spelling")
        }
        Oracle.require((try? verifier.verify(token)) == nil, "a token the fuzzer wrote verified")
        return 0
    }
    let newline = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
    let header = rest[..<newline]
    let payload = Array(rest[newline...].dropFirst())
    let token = signedToken(header: header, payload: payload, key: key)
    let verified = try? verifier.verify(token)
    if let acceptable = isAcceptable(header: Array(header)) {
        let fits = token.utf8.count <= JWSVerifier.maximumLength
        Oracle.require((verified != nil) == (acceptable && fits), "verification disagrees with the header")
    }
    if let verified { Oracle.require(verified.payload == payload, "the verified payload is not the signed one") }
    let validator = JWTValidator(verifier: verifier)
    if let claims = try? validator.verify(token, now: Date(timeIntervalSince1970: 0), leeway: .zero) {
        Oracle.require(claims.all == JSONValue(parsing: payload)?.objectValue, "the claims are not the payload's")
    }
    return 0
}

/// Whether the verifier must accept a token signed by `fuzz` with this header, read with the other JSON reader; nil
/// when that reader cannot tell (Foundation refuses a number `JSONSyntax` lets pass, `0e2`: docs/reliability.md).
private func isAcceptable(header: [UInt8]) -> Bool? {
    guard JSONSyntax.isValid(header) else { return false }
    guard let value = JSONValue(parsing: header) else { return nil }
    guard let object = value.objectValue else { return false }
    let typ = object["typ"]
    return object["alg"] == .string("ES256") && object["kid"] == .string("fuzz")
        && (typ == nil || typ == .null || typ?.stringValue != nil)
        && (object["crit"] == nil || object["crit"] == .null)
}

private let key = try! SigningKey.generate(.es256)
private let verifier = JWSVerifier(
    keys: KeyCache(jwks: JWKS(keys: [key.publicJWK(keyID: "fuzz")])), allowedAlgorithms: [.es256, .rs256]
)
