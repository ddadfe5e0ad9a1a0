internal import CCurl

/// The bytes libcurl uploads as the message's DATA, handed out by ``uploadReadCallback`` chunk by chunk.
final class UploadSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Copies up to `capacity` bytes into `buffer`; 0 signals the end.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let count = min(capacity, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}

@available(*, unavailable)
extension UploadSource: Sendable {}

/// `CURLOPT_READFUNCTION`: `userdata` is an unretained ``UploadSource`` that the sender keeps alive for the
/// whole transfer.
let uploadReadCallback: curl_read_callback = { buffer, size, count, userdata in
    guard let buffer, let userdata else { return Int(CURL_READFUNC_ABORT) }
    let source = Unmanaged<UploadSource>.fromOpaque(userdata).takeUnretainedValue()
    return source.read(into: buffer, capacity: size * count)
}
