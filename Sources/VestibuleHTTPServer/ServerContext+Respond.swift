internal import CMicroHTTPD
import Synchronization
import VestibuleHTTP
import VestibuleLogging

extension ServerContext {
    /// Adds the headers every response carries, queues the response on the connection and writes the access
    /// log line.
    func respond(_ response: Response, to state: RequestState, on connection: OpaquePointer) -> MHD_Result {
        if let native = nativeResponse(decorated(response, state)) {
            return queue(native, status: response.status, bodyCount: response.body.count, state, connection)
        }
        // Only a header value MHD refuses (CR or LF in it, e.g. a redirect to unchecked input) gets here.
        struct ResponseHeaderRejected: Error {}
        let fallback = Response.answering(ResponseHeaderRejected(), to: state.id, logger: logger)
        guard let native = nativeResponse(decorated(fallback, state)) else { return .NO }
        return queue(native, status: fallback.status, bodyCount: fallback.body.count, state, connection)
    }

    private func decorated(_ response: Response, _ state: RequestState) -> Response {
        var response = response
        securityHeaders.apply(to: &response.headers)
        response.headers.replace("X-Request-ID", state.id.description)
        if isDraining.load(ordering: .relaxed) {
            // Shutting down: tell keep-alive clients to reconnect (elsewhere) instead of sending more here.
            response.headers.replace("Connection", "close")
        }
        return response
    }

    private func queue(
        _ native: OpaquePointer,
        status: HTTPStatus,
        bodyCount: Int,
        _ state: RequestState,
        _ connection: OpaquePointer
    ) -> MHD_Result {
        defer { MHD_destroy_response(native) }
        let result = MHD_queue_response(connection, UInt32(clamping: status.code), native)
        let elapsed = ContinuousClock.now - state.started
        metrics?.observe(routeIndex: state.route?.index, status: status.code, elapsed: elapsed)
        logAccess(state, status: status, elapsed: elapsed, bodyCount: bodyCount)
        return result
    }

    /// One line per request. Deliberately only the method, the route that answered (its pattern,
    /// `/handoff/:code`: a path can carry a code) or else the path without its query string, and numbers:
    /// headers, cookies, bodies, query values and path parameters can carry credentials and never reach the log.
    private func logAccess(_ state: RequestState, status: HTTPStatus, elapsed: Duration, bodyCount: Int) {
        guard logger.minimumLevel <= .info else { return }
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        let fraction = String(micros % 1000)
        logger.info(
            "request",
            [
                "method": state.method,
                "path": state.route?.pattern ?? String(Request.rawPath(of: state.rawTarget)),
                "status": String(status.code),
                "duration_ms": "\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)",
                "bytes": String(bodyCount),
                "request_id": state.id.description,
                "remote": clientAddress(of: state),
            ]
        )
    }

    /// MHD copies the body (`MUST_COPY`) and every header (`strdup`), so nothing Swift owns outlives the call.
    /// Nil when MHD refuses a header.
    private func nativeResponse(_ response: Response) -> OpaquePointer? {
        let native = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let native else { return nil }
        for (name, value) in response.headers where !Self.isComputedByMHD(name) {
            guard MHD_add_response_header(native, name, value) == .YES else {
                MHD_destroy_response(native)
                return nil
            }
        }
        return native
    }

    /// MHD frames the body itself and refuses these from the application.
    private static func isComputedByMHD(_ name: String) -> Bool {
        HTTPHeaders.namesMatch(name, "Content-Length") || HTTPHeaders.namesMatch(name, "Transfer-Encoding")
    }
}
