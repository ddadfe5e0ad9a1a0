public import VestibuleCrypto

/// A compact JWS over arbitrary header and payload bytes, signed for real, so that a target reaches what lies
/// behind the signature check (the claims) with inputs the fuzzer made up.
public func signedToken(header: some Sequence<UInt8>, payload: some Sequence<UInt8>, key: SigningKey) -> String {
    let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(payload)
    // Signing with a key generated in-process cannot fail but for a broken OpenSSL, which no input should hide.
    guard let signature = try? key.sign(Array(signingInput.utf8)) else { Oracle.fail("signing failed") }
    return signingInput + "." + Base64URL.encode(signature)
}
