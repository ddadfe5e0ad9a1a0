internal import CCurl

/// The values of `CURLOPT_HTTP_VERSION`.
public struct CurlHTTPVersion: CurlLong {
    public let curlLong: Int

    public static let http1_1 = CurlHTTPVersion(curlLong: CURL_HTTP_VERSION_1_1)
}
