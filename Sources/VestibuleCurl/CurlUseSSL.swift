internal import CCurl

/// The values of `CURLOPT_USE_SSL`: whether a protocol with an upgrade command (SMTP's STARTTLS) must use it.
public struct CurlUseSSL: CurlLong {
    public let curlLong: Int

    /// No upgrade: for plain connections and for implicit TLS (`smtps://`), which is TLS from the first byte.
    public static let never = CurlUseSSL(curlLong: Int(CURLUSESSL_NONE.rawValue))
    /// Upgrade, or fail with a TLS failure (``CurlError/Code/isTLSFailure``).
    public static let required = CurlUseSSL(curlLong: Int(CURLUSESSL_ALL.rawValue))
}
