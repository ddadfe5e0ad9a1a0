import FuzzSupport
import VestibulePasskeys

/// The attestation object of a passkey registration: CBOR around authenticator data, a COSE key and an attestation
/// statement, whose `x5c` certificates are read by Vestibule's own DER reader.
///
/// The client data is fixed and valid, so every input reaches the attestation object. Oracle: a registration that
/// verifies has a credential ID within WebAuthn's limit and a public key that loads again from the stored bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAttestation(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let attestationObject = fuzzInput(data, size)
    guard let credential = try? verifier.verify(
        attestationObject: attestationObject, clientDataJSON: clientDataJSON, expectedChallenge: challenge
    ) else { return 0 }
    Oracle.require(
        credential.credentialID.count <= AuthenticatorData.maximumCredentialIDLength,
        "an over-long credential ID passed"
    )
    Oracle.require(
        (try? COSEKey(bytes: credential.publicKey))?.algorithm == credential.algorithm,
        "the stored public key does not load back as the verified algorithm"
    )
    return 0
}

/// The seeds' relying party and ceremony (`Fuzz/Corpus/attestation`): rp ID `example.org`, challenge 32 × 0x2A.
private let challenge = [UInt8](repeating: 0x2A, count: 32)
private let verifier = RegistrationVerifier(
    relyingParty: RelyingParty(rpID: "example.org", origins: ["https://example.org"])
)
private let clientDataJSON = Array(
    (#"{"type":"webauthn.create","challenge":"KioqKioqKioqKioqKioqKioqKioqKioqKioqKioqKio","#
        + #""origin":"https://example.org"}"#).utf8
)
