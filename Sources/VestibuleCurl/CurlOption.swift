internal import CCurl

/// A `CURLOPT_…` option of an easy handle, typed by the value it takes: `CurlOption<String>` for strings libcurl
/// copies, ``CurlStringList`` for lists it borrows, and a ``CurlLong`` type for numbers, switches and the named
/// values of enumerated options (``CurlHTTPVersion``, ``CurlTLSVersion``, ``CurlUseSSL``).
public struct CurlOption<Value>: Sendable {
    let id: UInt32
    /// The C name (`CURLOPT_URL`), for errors.
    let name: String

    init(_ option: CURLoption, _ name: String) {
        id = option.rawValue
        self.name = name
    }

    var option: CURLoption { CURLoption(rawValue: id) }
}
