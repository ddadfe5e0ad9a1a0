import VestibuleCrypto
import VestibulePasskeys

/// A real ES256 passkey assertion, built byte by byte as an authenticator and a browser would, and the
/// verifier that checks it: what a passkey sign-in costs the server before any database work.
struct PasskeyAssertion {
    static let rpID = "example.org"
    static let origin = "https://example.org"

    /// As `PasskeyCeremonies` runs it: credential keys decoded once and kept.
    let verifier = AuthenticationVerifier(relyingParty: RelyingParty(rpID: rpID, origins: [origin]), keys: COSEKeyCache())
    let authenticatorData: [UInt8]
    let clientDataJSON: [UInt8]
    let signature: [UInt8]
    let challenge: [UInt8]
    let credential: StoredCredentialState

    init() throws {
        let key = try SigningKey.generate(.es256)
        challenge = Challenge.generate()
        // rpIdHash, flags UP|UV, sign count 1: the layout of WebAuthn §6.1 without attested credential data.
        authenticatorData = SHA2.sha256(Self.rpID) + [0x05] + [0, 0, 0, 1]
        clientDataJSON = Array(
            #"{"type":"webauthn.get","challenge":"\#(Base64URL.encode(challenge))","origin":"\#(Self.origin)","crossOrigin":false}"#
                .utf8
        )
        // JOSE signs raw R ‖ S; WebAuthn authenticators send the DER form.
        let raw = try key.sign(authenticatorData + SHA2.sha256(clientDataJSON))
        guard let der = DERSignature.der(fromRaw: raw) else { throw BenchmarkError("cannot DER-encode the signature") }
        signature = der
        credential = StoredCredentialState(
            publicKey: try Self.coseKey(key.publicJWK(keyID: "passkey")), signCount: 0, backupEligible: false
        )
    }

    /// Verifies the assertion once; throws if it does not verify, so a benchmark never times a rejection.
    func verify() throws {
        _ = try verifier.verify(
            authenticatorData: authenticatorData, clientDataJSON: clientDataJSON, signature: signature,
            expectedChallenge: challenge, credential: credential
        )
    }

    /// The EC2 P-256 public key as the COSE_Key an authenticator registers (RFC 9053 §7.1.1): a CBOR map
    /// {1 (kty): 2 (EC2), 3 (alg): -7 (ES256), -1 (crv): 1 (P-256), -2 (x): 32 bytes, -3 (y): 32 bytes}.
    private static func coseKey(_ jwk: JWK) throws -> [UInt8] {
        guard let x = jwk.x, let y = jwk.y else { throw BenchmarkError("an ES256 key without coordinates") }
        let (xBytes, yBytes) = (try Base64URL.decode(x), try Base64URL.decode(y))
        guard xBytes.count == 32, yBytes.count == 32 else { throw BenchmarkError("P-256 coordinates are 32 bytes") }
        let byteString32: [UInt8] = [0x58, 0x20]  // CBOR byte string, one-byte length 32
        return [0xA5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21] + byteString32 + xBytes + [0x22] + byteString32 + yBytes
    }
}
