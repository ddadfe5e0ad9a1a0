/// Decodes a `Transfer-Encoding: chunked` body incrementally.
struct ChunkedBody {
    private(set) var body: [UInt8] = []

    /// Consumes complete chunks from the front of `bytes`; true once the last (empty) chunk was read.
    mutating func consume(_ bytes: inout [UInt8], socket: LoopbackSocket) throws(WebDriverError) -> Bool {
        let lineEnd: [UInt8] = [13, 10]
        while let sizeLine = bytes.firstRange(of: lineEnd) {
            let sizeText = String(decoding: bytes[..<sizeLine.lowerBound], as: UTF8.self)
                .split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingPrefix(" "), radix: 16), size >= 0 else {
                throw socket.failure("a chunk size line is malformed")
            }
            if size == 0 { return true }
            let start = sizeLine.upperBound
            guard bytes.count >= start + size + 2 else { return false }
            body.append(contentsOf: bytes[start..<(start + size)])
            bytes.removeFirst(start + size + 2)
        }
        return false
    }
}
