internal import CCurl

// The options Vestibule's transfers set; add one here when a transfer needs it.

extension CurlOption where Value == String {
    public static var url: Self { Self(CURLOPT_URL, "CURLOPT_URL") }
    /// The schemes the transfer may use, comma-separated (`"http,https"`).
    public static var protocols: Self { Self(CURLOPT_PROTOCOLS_STR, "CURLOPT_PROTOCOLS_STR") }
    /// A PEM file of certificates to trust instead of the system's.
    public static var caInfo: Self { Self(CURLOPT_CAINFO, "CURLOPT_CAINFO") }
    public static var userAgent: Self { Self(CURLOPT_USERAGENT, "CURLOPT_USERAGENT") }
    /// The method, when it is not the one the other options imply.
    public static var customRequest: Self { Self(CURLOPT_CUSTOMREQUEST, "CURLOPT_CUSTOMREQUEST") }
    public static var username: Self { Self(CURLOPT_USERNAME, "CURLOPT_USERNAME") }
    public static var password: Self { Self(CURLOPT_PASSWORD, "CURLOPT_PASSWORD") }
    /// SMTP's MAIL FROM, in angle brackets.
    public static var mailFrom: Self { Self(CURLOPT_MAIL_FROM, "CURLOPT_MAIL_FROM") }
}

extension CurlOption where Value == CurlStringList {
    /// Request header lines (`Name: value`).
    public static var httpHeader: Self { Self(CURLOPT_HTTPHEADER, "CURLOPT_HTTPHEADER") }
    /// SMTP's RCPT TO addresses, in angle brackets.
    public static var mailRecipients: Self { Self(CURLOPT_MAIL_RCPT, "CURLOPT_MAIL_RCPT") }
}

extension CurlOption where Value == Int {
    /// 1: no signals. libcurl would otherwise use SIGALRM for DNS timeouts, unsafe in a threaded process.
    public static var noSignal: Self { Self(CURLOPT_NOSIGNAL, "CURLOPT_NOSIGNAL") }
    public static var followLocation: Self { Self(CURLOPT_FOLLOWLOCATION, "CURLOPT_FOLLOWLOCATION") }
    public static var sslVerifyPeer: Self { Self(CURLOPT_SSL_VERIFYPEER, "CURLOPT_SSL_VERIFYPEER") }
    /// 2: the certificate must name the host.
    public static var sslVerifyHost: Self { Self(CURLOPT_SSL_VERIFYHOST, "CURLOPT_SSL_VERIFYHOST") }
    /// Resolving and connecting, TLS handshake included; 0 means no limit.
    public static var connectTimeoutMilliseconds: Self { Self(CURLOPT_CONNECTTIMEOUT_MS, "CURLOPT_CONNECTTIMEOUT_MS") }
    /// The whole transfer; 0 means no limit.
    public static var timeoutMilliseconds: Self { Self(CURLOPT_TIMEOUT_MS, "CURLOPT_TIMEOUT_MS") }
    /// A response that declares a larger size fails with ``CurlError/Code/fileSizeExceeded`` before its body.
    public static var maxFileSize: Self { Self(CURLOPT_MAXFILESIZE, "CURLOPT_MAXFILESIZE") }
    public static var httpGet: Self { Self(CURLOPT_HTTPGET, "CURLOPT_HTTPGET") }
    /// 1: a HEAD request, no body read.
    public static var noBody: Self { Self(CURLOPT_NOBODY, "CURLOPT_NOBODY") }
}

extension CurlOption where Value == CurlHTTPVersion {
    public static var httpVersion: Self { Self(CURLOPT_HTTP_VERSION, "CURLOPT_HTTP_VERSION") }
}

extension CurlOption where Value == CurlTLSVersion {
    /// The oldest TLS version accepted.
    public static var sslVersion: Self { Self(CURLOPT_SSLVERSION, "CURLOPT_SSLVERSION") }
}

extension CurlOption where Value == CurlUseSSL {
    public static var useSSL: Self { Self(CURLOPT_USE_SSL, "CURLOPT_USE_SSL") }
}
