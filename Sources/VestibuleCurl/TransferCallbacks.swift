/// What one transfer's C callbacks work with: the bytes to upload and the closures that take the response.
///
/// Owned by its ``CurlEasy`` and handed to libcurl unretained as the callbacks' user data, so it lives exactly as
/// long as libcurl may call back.
final class TransferCallbacks {
    var upload: [UInt8] = []
    var uploaded = 0
    /// Takes a chunk of the response body; false stops the transfer (`CURLE_WRITE_ERROR`).
    var body: (UnsafeRawBufferPointer) -> Bool = { _ in true }
    /// Takes one raw header line, status lines and the empty line included.
    var headerLine: (UnsafeRawBufferPointer) -> Void = { _ in }

    /// Copies the next bytes of ``upload`` into `buffer`; 0 signals the end.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int {
        let count = min(capacity, upload.count - uploaded)
        guard count > 0 else { return 0 }
        upload.withUnsafeBytes { source in
            buffer.copyMemory(from: source.baseAddress! + uploaded, byteCount: count)
        }
        uploaded += count
        return count
    }
}

@available(*, unavailable)
extension TransferCallbacks: Sendable {}
