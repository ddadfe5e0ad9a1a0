internal import CCurl

/// The values of `CURLOPT_SSLVERSION`: the oldest TLS version accepted.
public struct CurlTLSVersion: CurlLong {
    public let curlLong: Int

    public static let tls1_2 = CurlTLSVersion(curlLong: CURL_SSLVERSION_TLSv1_2)
}
