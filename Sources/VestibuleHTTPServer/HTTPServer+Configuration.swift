import VestibuleHTTP

extension HTTPServer {
    /// Where the server listens and the limits it enforces on clients.
    public struct Configuration: Sendable {
        /// An IP address or a name that resolves to one (`127.0.0.1`, `::1`, `0.0.0.0`, `localhost`).
        public var host = "127.0.0.1"
        /// 0 asks the kernel for a free port; read it back from ``HTTPServer/port``.
        public var port = 8080
        /// Worker threads; handlers run on them and may block, so this bounds concurrent handlers.
        public var threadPoolSize = 8
        /// Simultaneous connections, split evenly between the worker threads. At the limit MHD stops accepting:
        /// further connections wait in the kernel's backlog, unanswered, until one closes (measured with 0.9.75).
        /// Must be at least `threadPoolSize`.
        public var maxConnections = 1024
        /// Connections one peer address may hold open at once; 0 for no limit. MHD closes further ones from that
        /// address at once, without an answer. Behind a proxy every connection is the proxy's: leave it at 0
        /// there and limit per client in the proxy.
        public var maxConnectionsPerAddress = 0
        /// Seconds a connection may stay idle while the server waits for a request head: from the accept, and
        /// between the requests of a keep-alive connection. Short, against clients that open connections and
        /// hold them with unfinished heads (slowloris); see `ServerContext+Timeouts.swift`.
        public var requestHeadTimeout = 10
        /// Seconds a connection may stay idle once a head is in: while its body arrives, its handler runs and the
        /// answer is sent. MHD closes timed-out connections without an answer: there is no 408.
        public var connectionTimeout = 30
        /// Budget for the request line and header fields; a larger head is answered 431 (details in `Daemon`).
        public var maxHeaderBytes = 16 * 1024
        /// Largest accepted request body; larger ones are answered with 413 without being buffered.
        public var maxBodyBytes = 1024 * 1024
        /// Clients reach the server through a TLS-terminating proxy: requests are marked secure and responses
        /// carry `Strict-Transport-Security`.
        public var behindTLSProxy = false
        /// A proxy in front appends the client's address to `X-Forwarded-For`: take the client address from
        /// its last entry (the one the proxy wrote). Only set this when every request comes through that
        /// proxy, or clients could choose their own address and slip past per-address rate limits.
        public var trustForwardedFor = false
        public var contentSecurityPolicy = SecurityHeaders.defaultContentSecurityPolicy
        /// Pending connections the kernel queues before the server accepts them.
        public var listenBacklog = 511

        public init() {}
    }
}
