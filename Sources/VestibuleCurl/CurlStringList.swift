internal import CCurl

/// An owned `curl_slist` (header lines, recipients), freed in `deinit`.
///
/// libcurl keeps the pointer, not a copy: ``CurlEasy`` holds every list set as an option for as long as the
/// handle lives.
public final class CurlStringList {
    private(set) var head: UnsafeMutablePointer<curl_slist>?

    public init(_ strings: [String]) throws(CurlError) {
        for string in strings {
            guard let appended = curl_slist_append(head, string) else {
                throw CurlError(.library, "libcurl could not allocate a list")  // deinit frees what was built
            }
            head = appended
        }
    }

    deinit { curl_slist_free_all(head) }
}

@available(*, unavailable)
extension CurlStringList: Sendable {}
