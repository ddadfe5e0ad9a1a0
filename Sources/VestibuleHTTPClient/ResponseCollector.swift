import VestibuleHTTP

/// What libcurl's callbacks hand over during one exchange: the header fields of the final response and the
/// body, up to a limit.
final class ResponseCollector {
    let limit: Int
    private(set) var headers = HTTPHeaders()
    private(set) var body: [UInt8] = []
    /// The body passed ``limit`` and the exchange was stopped.
    private(set) var exceededLimit = false

    init(limit: Int) { self.limit = limit }

    /// Appends a chunk of body; false (stop the transfer) when it would pass the limit.
    func appendBody(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard body.count + chunk.count <= limit else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: chunk)
        return true
    }

    /// Takes one raw header line (`Name: value\r\n`). A status line starts a new response head: the fields of an
    /// interim `100 Continue` are dropped and only the final response's remain.
    func receiveHeaderLine(_ raw: UnsafeRawBufferPointer) {
        var line = Substring(String(decoding: raw, as: UTF8.self))
        while let last = line.last, last == "\r\n" || last == "\n" || last == "\r" { line = line.dropLast() }
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaders()
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let value = line[line.index(after: colon)...].trimmingPrefix { $0 == " " || $0 == "\t" }
        let trimmed = value.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        headers.add(String(line[..<colon]), String(trimmed))
    }
}

@available(*, unavailable)
extension ResponseCollector: Sendable {}
