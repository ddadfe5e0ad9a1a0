internal import CMicroHTTPD
internal import Glibc

/// Owns one running libmicrohttpd daemon; stopping it is releasing it.
///
/// `@unchecked Sendable`: the handle is used by `deinit`, once, which MHD documents as callable from any thread
/// other than its own workers, and by ``openConnections``, which only sums the workers' counters (its one
/// write, the total, is serialized by `HTTPServer`'s lock). The context it keeps alive is itself `Sendable`.
final class Daemon: @unchecked Sendable {
    private let handle: OpaquePointer
    /// Every callback borrows this through `cls`; holding it here guarantees it outlives the daemon.
    let context: ServerContext

    /// Gives MHD a duplicate of `socket`'s descriptor, which MHD then owns and closes on stop. `socket` keeps and closes the original, so the caller's error paths stay simple.
    init(configuration: HTTPServer.Configuration, socket: ListeningSocket, context: ServerContext) throws(HTTPServerError) {
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ERROR_LOG.rawValue
            | MHD_USE_ITC.rawValue  // lets MHD_stop_daemon wake the workers at once
        let descriptor = fcntl(socket.descriptor, F_DUPFD_CLOEXEC, 0)
        guard descriptor >= 0 else {
            throw HTTPServerError(.socketFailure, "Cannot duplicate the listening socket.", systemError: errno)
        }
        var settings = vestibule_mhd_settings(
            flags: flags,
            listen_fd: descriptor,
            thread_pool_size: UInt32(clamping: configuration.threadPoolSize),
            connection_limit: UInt32(clamping: configuration.maxConnections),
            per_ip_connection_limit: UInt32(clamping: configuration.maxConnectionsPerAddress),
            // A connection waits for a request head first; `ServerContext` lengthens it once the head is in.
            connection_timeout_seconds: UInt32(clamping: configuration.requestHeadTimeout),
            // We enforce maxHeaderBytes ourselves (431 with our headers, see ServerContext.earlyRejection).
            // MHD keeps the head, a ~48-byte record per field and the response head in this per-connection pool
            // (and zeroes it for every request, so it should stay small). Measured with 0.9.75 and the default
            // 16 KiB budget (pool 24 KiB): heads up to the budget with up to ~100 fields are served; larger
            // heads get our 431 up to ~23.5 KiB, then MHD fails to fit the response head and closes without an
            // answer (a ~500-byte window), and beyond the pool MHD answers 431 itself (414 for a long request
            // line). Over ~100 fields MHD answers 431 too.
            connection_memory_limit: configuration.maxHeaderBytes + Self.workingMemory,
            // Strict parsing: a sign-in service gains nothing from tolerating malformed clients, and a proxy in
            // front may parse leniently in a different way.
            strict_for_client: 1,
            accept_policy: acceptCallback,
            access_handler: accessCallback,
            request_completed: completedCallback,
            uri_log: uriCallback,
            error_log: errorLogCallback,
            context: Unmanaged.passUnretained(context).toOpaque()
        )
        guard let handle = vestibule_mhd_start(&settings) else {
            // Whether a failed start closed the duplicate is undocumented: leaking one descriptor on a failed
            // start is safer than risking a double close of a number another thread may have reused.
            throw HTTPServerError(.daemonFailure, "libmicrohttpd failed to start; its log says why.")
        }
        self.handle = handle
        self.context = context
    }

    var openConnections: Int { Int(vestibule_mhd_current_connections(handle)) }

    /// Blocks until every worker thread has finished its current call, then closes all connections.
    deinit { MHD_stop_daemon(handle) }

    /// Room for reading body chunks and writing the response head.
    private static let workingMemory = 8 * 1024
}
