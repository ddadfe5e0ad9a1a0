#pragma once
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

// Swift cannot call C variadic functions. These fixed-arity wrappers cover the few calls VestibuleHTTP needs.

/// Everything `vestibule_mhd_start` passes to `MHD_start_daemon`.
typedef struct vestibule_mhd_settings {
    unsigned int flags;
    /// An already bound and listening socket (the caller binds it to report precise errors).
    int listen_fd;
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    /// 0: no limit.
    unsigned int per_ip_connection_limit;
    /// The idle timeout every connection starts with; changed per connection with
    /// `vestibule_mhd_set_connection_timeout`.
    unsigned int connection_timeout_seconds;
    size_t connection_memory_limit;
    /// 1: refuse requests that bend the HTTP/1.1 syntax (no Host, whitespace before a colon, ...).
    int strict_for_client;
    /// Asked for every accepted connection; MHD_NO makes MHD close it at once.
    MHD_AcceptPolicyCallback accept_policy;
    MHD_AccessHandlerCallback access_handler;
    MHD_RequestCompletedCallback request_completed;
    void *(*uri_log)(void *cls, const char *uri, struct MHD_Connection *connection);
    MHD_LogCallback error_log;
    /// Passed as the closure of every callback above.
    void *context;
} vestibule_mhd_settings;

static inline struct MHD_Daemon *vestibule_mhd_start(const vestibule_mhd_settings *s) {
    return MHD_start_daemon(
        s->flags, 0, s->accept_policy, s->context, s->access_handler, s->context,
        // First, so that MHD reports problems with the options below through it too.
        MHD_OPTION_EXTERNAL_LOGGER, s->error_log, s->context,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket) s->listen_fd,
        MHD_OPTION_THREAD_POOL_SIZE, s->thread_pool_size,
        MHD_OPTION_CONNECTION_LIMIT, s->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, s->per_ip_connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, s->connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, s->connection_memory_limit,
        MHD_OPTION_STRICT_FOR_CLIENT, s->strict_for_client,
        MHD_OPTION_NOTIFY_COMPLETED, s->request_completed, s->context,
        MHD_OPTION_URI_LOG_CALLBACK, s->uri_log, s->context,
        MHD_OPTION_END);
}

/// The peer address of a connection, or NULL.
static inline const struct sockaddr *vestibule_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/// The size of the current request's head as received (request line through the empty line), or 0.
static inline size_t vestibule_mhd_request_head_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

/// Sets the idle timeout of one connection; only from the thread serving it (an MHD callback).
static inline void vestibule_mhd_set_connection_timeout(struct MHD_Connection *connection, unsigned int seconds) {
    // Always MHD_YES for this option in 0.9.75: nothing to check.
    (void) MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

/// Connections open now, across every worker of the thread pool (`MHD_get_daemon_info` is variadic).
static inline unsigned int vestibule_mhd_current_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}
