internal import CMicroHTTPD
import Foundation
import Synchronization
import VestibuleHTTP
import VestibuleLogging
import VestibuleMetrics

/// What the C callbacks need, reached through the `cls` pointer libmicrohttpd hands back to them.
///
/// Immutable apart from the atomic counter, so the worker threads share it without locks.
final class ServerContext: Sendable {
    let handler: Handler
    let logger: Logger
    let securityHeaders: SecurityHeaders
    let maxHeaderBytes: Int
    let maxBodyBytes: Int
    let isSecure: Bool
    let trustForwardedFor: Bool
    /// In seconds; see `ServerContext+Timeouts.swift`.
    let requestHeadTimeout: UInt32
    let connectionTimeout: UInt32
    let metrics: HTTPMetrics?
    /// Requests between the URI callback (state created) and the completion callback (state freed). Drives
    /// graceful shutdown and lets tests check that no request state leaks.
    let inFlight = Atomic<Int>(0)
    /// Set when graceful shutdown begins.
    let isDraining = Atomic<Bool>(false)

    init(configuration: HTTPServer.Configuration, logger: Logger, metrics: HTTPMetrics?, handler: @escaping Handler) {
        self.handler = handler
        self.metrics = metrics
        self.logger = logger
        self.securityHeaders = SecurityHeaders(
            contentSecurityPolicy: configuration.contentSecurityPolicy,
            strictTransportSecurity: configuration.behindTLSProxy
        )
        self.maxHeaderBytes = configuration.maxHeaderBytes
        self.maxBodyBytes = configuration.maxBodyBytes
        self.isSecure = configuration.behindTLSProxy
        self.trustForwardedFor = configuration.trustForwardedFor
        self.requestHeadTimeout = UInt32(clamping: configuration.requestHeadTimeout)
        self.connectionTimeout = UInt32(clamping: configuration.connectionTimeout)
    }

    /// The client's address: the peer's, or behind a trusted proxy the last `X-Forwarded-For` entry, which
    /// that proxy appended (earlier entries are whatever the client sent). A value that is not an IP
    /// address is ignored.
    func clientAddress(of state: RequestState) -> String {
        guard trustForwardedFor,
              let forwarded = state.headers.values(for: "X-Forwarded-For").last?.split(separator: ",").last
        else { return state.remoteAddress }
        let address = forwarded.trimmingCharacters(in: .whitespaces)
        let isAddress = !address.isEmpty && address.count <= 45
            && address.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || $0 == "." || $0 == ":" }
        return isAddress ? address : state.remoteAddress
    }

    /// One step of a request, called on each access-handler call (see `HTTPServer+Callbacks.swift`).
    ///
    /// Keep-alive depends on this shape: MHD 0.9.75 closes the connection when a response is queued on the
    /// first call, so the first call only records the headers; body chunks follow; the last call (no data)
    /// answers. The exceptions are requests refused on their head alone (``earlyRejection(of:)``), answered at
    /// once so that their body is never read.
    func advance(
        _ state: RequestState,
        on connection: OpaquePointer,
        method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>?,
        upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        switch state.phase {
        case .awaitingHeaders:
            state.phase = .receivingBody
            state.method = String(cString: method)
            state.collectHeaders(of: connection)
            let isStrict = HeadFraming.isStrict(connection, method: method, version: version)
            if let problem = earlyRejection(of: state, isStrict: isStrict) { return reject(problem, state, connection) }
            headReceived(on: connection)
            if let declared = state.headers["Content-Length"].flatMap(Int.init) {
                state.body.reserveCapacity(declared)
            }
            return .YES
        case .receivingBody where uploadSize.pointee > 0:
            // Chunked bodies declare no length: count while collecting, stop buffering at the limit.
            if let upload, state.body.count + uploadSize.pointee <= maxBodyBytes {
                state.body.append(contentsOf: UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee))
            } else {
                state.phase = .discardingBody
                state.body = []
            }
            uploadSize.pointee = 0
            return .YES
        case .discardingBody where uploadSize.pointee > 0:
            // MHD cannot queue a response while body data is pending, so the rest is read and dropped; memory
            // stays bounded and the connection timeout still bounds a client that never finishes.
            uploadSize.pointee = 0
            return .YES
        case .receivingBody:
            return respond(response(to: state), to: state, on: connection)
        case .discardingBody:
            return reject(tooLarge, state, connection)
        }
    }

    /// Problems visible from the head alone, answered before any body byte is read. `isStrict` is
    /// ``HeadFraming``'s verdict on the head's line syntax.
    private func earlyRejection(of state: RequestState, isStrict: Bool) -> HTTPError? {
        if state.headBytes > maxHeaderBytes {
            return HTTPError(.requestHeaderFieldsTooLarge, "The request header fields exceed \(maxHeaderBytes) bytes.")
        }
        if !isStrict {
            return HTTPError(
                .badRequest,
                "The request head is malformed: a bare LF or CR, a folded line, or space before a colon."
            )
        }
        // Framing that two parsers could read differently is the stuff of request smuggling behind a proxy
        // (RFC 9112 §6.3): refuse it rather than pick an interpretation.
        let lengths = state.headers.values(for: "Content-Length")
        if (lengths.count > 1 && Set(lengths).count > 1) || (!lengths.isEmpty && state.headers.contains("Transfer-Encoding")) {
            return HTTPError(.badRequest, "The request body length is ambiguous.")
        }
        if let declared = state.headers["Content-Length"].flatMap(Int.init), declared > maxBodyBytes {
            return tooLarge
        }
        return nil
    }

    private var tooLarge: HTTPError {
        HTTPError(.contentTooLarge, "The request body is larger than \(maxBodyBytes) bytes.")
    }

    /// Answers and closes the connection: an unread or partly read body cannot be skipped reliably.
    private func reject(_ error: HTTPError, _ state: RequestState, _ connection: OpaquePointer) -> MHD_Result {
        var response = error.response
        response.headers.add("Connection", "close")
        return respond(response, to: state, on: connection)
    }

    /// Runs the handler; see ``Handler`` for how errors are answered.
    private func response(to state: RequestState) -> Response {
        let request: Request
        do throws(HTTPError) {
            request = try Request(
                id: state.id,
                method: HTTPMethod(rawValue: state.method),
                target: state.rawTarget,
                headers: state.headers,
                body: state.body,
                remoteAddress: clientAddress(of: state),
                isSecure: isSecure
            )
        } catch {
            return error.response
        }
        defer { state.route = request.matchedRoute.route }
        do {
            return try handler(request)
        } catch {
            return Response.answering(error, to: state.id, logger: logger)
        }
    }
}
