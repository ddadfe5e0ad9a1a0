internal import CMicroHTTPD

/// A connection's idle timeout follows what the server waits for: `requestHeadTimeout` for a request head
/// (the daemon's default, so also from the accept on), `connectionTimeout` from a complete head until the answer
/// is sent (a body, the handler, the answer), then the head timeout again for the next request of a keep-alive
/// connection.
///
/// libmicrohttpd 0.9.75 has only idle timeouts, per connection: no deadline for a whole head. So a client that
/// trickles a byte now and then keeps its connection; `maxConnectionsPerAddress` bounds how many it keeps. The
/// handler must run under the longer timeout: MHD checks it right after the handler returns, against the last
/// byte received, and would close the connection unanswered after a handler slower than the head timeout.
extension ServerContext {
    func headReceived(on connection: OpaquePointer) {
        vestibule_mhd_set_connection_timeout(connection, connectionTimeout)
    }

    func answerSent(on connection: OpaquePointer) {
        vestibule_mhd_set_connection_timeout(connection, requestHeadTimeout)
    }
}
