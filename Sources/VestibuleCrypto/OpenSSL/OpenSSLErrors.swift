internal import COpenSSL

/// OpenSSL's per-thread error queue, drained so that no stale entry is blamed on a later call.
enum OpenSSLErrors {
    /// Removes every queued error and returns their texts (library, reason; never secret data).
    static func drain() -> [String] {
        var messages: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            messages.append(buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        return messages
    }
}

extension CryptoError {
    /// An error for a failed OpenSSL call, carrying (and clearing) OpenSSL's error queue.
    static func openSSL(_ code: Code, _ context: String) -> CryptoError {
        CryptoError(code, context, libraryErrors: OpenSSLErrors.drain())
    }
}
