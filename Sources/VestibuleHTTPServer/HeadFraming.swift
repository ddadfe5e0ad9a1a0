internal import CMicroHTTPD
internal import Glibc
import VestibuleHTTP

/// Whether a request head kept to HTTP/1.1's line syntax (RFC 9112 §2.2, §5): every line ends with CRLF, no
/// field line is folded onto the one before (obs-fold), no whitespace sits between a field name and its colon,
/// and no value holds a bare CR.
///
/// libmicrohttpd 0.9.75, Debian 12's, accepts all four (later releases can refuse them with
/// `MHD_OPTION_CLIENT_DISCIPLINE_LVL`). A proxy in front that reads such a head differently from us is how a
/// request is smuggled past it, so they are refused. Whitespace before a colon and a bare CR show in the parsed
/// fields; a bare LF and a fold do not, so this also reads where MHD parsed the head: in place, in its read
/// buffer, which the access handler's `method` argument points to and `MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE`
/// measures. MHD has replaced the CR and LF of each line end and each field's colon with NUL there, and the names
/// and values it reports point into it, except a folded field's name, which MHD moves out. A strictly framed head
/// is therefore exactly
///
///     request-line NUL NUL ( name NUL OWS value NUL NUL )* NUL NUL
///
/// with the request line ending where the version string ends and each field starting where the line before
/// ended. A bare LF leaves one NUL where two belong; a fold leaves its line between two fields. The one case the
/// buffer cannot show is a NUL sent right before a bare LF, which looks like a CR: proxies must refuse NUL in a
/// field anyway (RFC 9110 §5.5). Anything else unexpected, such as another MHD release laying out its buffer
/// differently, counts as malformed, so the check fails closed (and `HeadSyntaxTests` says so at once).
struct HeadFraming {
    private let head: UnsafeRawBufferPointer
    /// Where the line checked last ended, as an offset into `head`; nil once the head is known to be malformed.
    private var lineEnd: Int?

    /// Checks the head of the request that MHD presents to the access handler for the first time; only valid
    /// during that call, while MHD's read buffer still holds the head.
    static func isStrict(
        _ connection: OpaquePointer, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?
    ) -> Bool {
        let size = vestibule_mhd_request_head_size(connection)
        guard size > 0, let version else { return false }
        var framing = HeadFraming(head: UnsafeRawBufferPointer(start: method, count: size))
        framing.lineEnd = framing.offset(of: UnsafeRawPointer(version) + strlen(version))
        let iterator: MHD_KeyValueIteratorN = { cls, _, name, nameSize, value, valueSize in
            guard let framing = cls?.assumingMemoryBound(to: HeadFraming.self) else { return .NO }
            framing.pointee.checkField(
                name: name.map { UnsafeRawBufferPointer(start: $0, count: nameSize) },
                value: value.map { UnsafeRawPointer($0) },
                valueSize: valueSize
            )
            return framing.pointee.lineEnd == nil ? .NO : .YES
        }
        withUnsafeMutablePointer(to: &framing) {
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, iterator, $0)
        }
        return framing.endsTheHead
    }

    private init(head: UnsafeRawBufferPointer) {
        self.head = head
    }

    private mutating func checkField(name: UnsafeRawBufferPointer?, value: UnsafeRawPointer?, valueSize: Int) {
        guard let end = lineEnd, let name, let value, isLineBreak(at: end),
            let nameStart = name.baseAddress.flatMap(offset(of:)), nameStart == end + 2,
            HTTPToken.isValid(name),
            let valueStart = offset(of: value), valueStart > nameStart + name.count,
            valueStart + valueSize <= head.count,
            head[nameStart + name.count] == 0,  // the colon
            head[(nameStart + name.count + 1)..<valueStart].allSatisfy(Self.isWhitespace),
            !head[valueStart..<(valueStart + valueSize)].contains(UInt8(ascii: "\r"))
        else {
            lineEnd = nil
            return
        }
        lineEnd = valueStart + valueSize
    }

    /// The last line's CRLF, then the empty line's, and nothing after them.
    private var endsTheHead: Bool {
        guard let end = lineEnd, end + 4 == head.count else { return false }
        return isLineBreak(at: end) && isLineBreak(at: end + 2)
    }

    /// A CRLF as MHD leaves it: two NULs.
    private func isLineBreak(at offset: Int) -> Bool {
        offset + 2 <= head.count && head[offset] == 0 && head[offset + 1] == 0
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private func offset(of pointer: UnsafeRawPointer) -> Int? {
        let offset = pointer - head.baseAddress!
        return (0...head.count).contains(offset) ? offset : nil
    }
}
