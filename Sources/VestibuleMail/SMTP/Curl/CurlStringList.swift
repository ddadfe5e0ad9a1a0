internal import CCurl

/// An owned `curl_slist` (the recipients of one message), freed in `deinit`. It must outlive the transfer
/// that uses it: libcurl keeps the pointer, not a copy.
final class CurlStringList {
    private(set) var head: UnsafeMutablePointer<curl_slist>?

    init(_ strings: [String]) throws(MailError) {
        for string in strings {
            guard let appended = curl_slist_append(head, string) else {
                throw MailError(.io, "libcurl could not allocate a list")  // deinit frees what was built
            }
            head = appended
        }
    }

    deinit { curl_slist_free_all(head) }
}

@available(*, unavailable)
extension CurlStringList: Sendable {}
