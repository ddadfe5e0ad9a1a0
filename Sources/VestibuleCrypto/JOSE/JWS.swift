import Foundation

/// Compact JWS serialization (RFC 7515 §7.1).
public enum JWS {
    /// Signs `payload` and returns `header.payload.signature`, the header naming `key`'s algorithm,
    /// `keyID` and `type` (omitted when nil).
    public static func sign(
        payload: [UInt8], key: SigningKey, keyID: String, type: String? = "JWT"
    ) throws(CryptoError) -> String {
        let header = JWSHeader(alg: key.algorithm.rawValue, kid: keyID, typ: type)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let headerJSON: Data
        do {
            headerJSON = try encoder.encode(header)
        } catch {
            throw CryptoError(.invalidParameters, "JWS header could not be encoded")
        }
        let signingInput = Base64URL.encode(headerJSON) + "." + Base64URL.encode(payload)
        let signature = try key.sign(Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }
}
