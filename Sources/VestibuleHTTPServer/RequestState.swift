internal import CMicroHTTPD
import VestibuleHTTP

/// What one request accumulates across access-handler calls; stored in MHD's `*req_cls`.
///
/// Created in the URI callback (`HTTPServer+Callbacks.swift`) and released in the completion callback, which
/// MHD calls for every request that reached the URI callback, also when the client vanishes or times out.
final class RequestState {
    enum Phase {
        case awaitingHeaders
        case receivingBody
        /// The body passed `maxBodyBytes`: the rest is dropped and the answer will be 413.
        case discardingBody
    }

    let id = RequestID()
    let started = ContinuousClock.now
    /// The target exactly as sent, before MHD's lenient unescaping: we decode it strictly ourselves.
    let rawTarget: String
    let remoteAddress: String
    var phase = Phase.awaitingHeaders
    var method = ""
    var headers = HTTPHeaders()
    /// Size of the request head as sent: request line plus `name: value\r\n` per field.
    var headBytes = 0
    var body: [UInt8] = []
    /// The pattern of the route that answered, which the access log records instead of the path, and its index
    /// in the router's patterns, which metrics count it under.
    var route: (pattern: String, index: Int)?

    init(rawTarget: String, remoteAddress: String) {
        self.rawTarget = rawTarget
        self.remoteAddress = remoteAddress
    }

    /// Copies the header fields in order. MHD 0.9.75 has already refused a NUL in a name (400) and cut a value
    /// at its first NUL, so no NUL reaches a handler.
    func collectHeaders(of connection: OpaquePointer) {
        headBytes = method.utf8.count + rawTarget.utf8.count + 11  // "M T HTTP/1.1\r\n"
        let iterator: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
            guard let cls, let key else { return .YES }
            let state = Unmanaged<RequestState>.fromOpaque(cls).takeUnretainedValue()
            let name = UnsafeRawBufferPointer(start: key, count: keySize)
            let value = UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize)
            state.headBytes += name.count + value.count + 4
            state.headers.add(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
            return .YES
        }
        _ = MHD_get_connection_values_n(connection, .HEADER_KIND, iterator, Unmanaged.passUnretained(self).toOpaque())
    }
}

/// Touched only by the MHD worker thread that owns the connection (one thread per connection in thread-pool
/// mode), never shared.
@available(*, unavailable)
extension RequestState: Sendable {}
