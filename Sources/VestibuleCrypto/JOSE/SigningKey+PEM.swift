import Foundation

extension SigningKey {
    /// The key as PEM-armoured PKCS #8 (`-----BEGIN PRIVATE KEY-----`), the form of Apple's `.p8` files.
    public func pkcs8PEM() throws(CryptoError) -> String {
        let body = Data(try pkcs8DER()).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN PRIVATE KEY-----\n\(body)\n-----END PRIVATE KEY-----\n"
    }

    /// Reads PEM-armoured PKCS #8: the base64 between the BEGIN and END lines.
    public convenience init(pkcs8PEM pem: String) throws(CryptoError) {
        let body = pem.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("-----") }.joined()
        guard let der = Data(base64Encoded: body) else { throw CryptoError(.invalidEncoding, "the key is not PEM") }
        try self.init(pkcs8DER: Array(der))
    }
}
