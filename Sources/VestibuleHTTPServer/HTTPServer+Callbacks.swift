internal import CMicroHTTPD
internal import Glibc
import Synchronization
import VestibuleLogging

// The C callbacks libmicrohttpd calls on its worker threads. `cls` is always the `ServerContext`, kept alive
// by the `Daemon` for as long as MHD runs, so borrowing it unretained is safe.

private func context(_ cls: UnsafeMutableRawPointer?) -> ServerContext? {
    cls.map { Unmanaged<ServerContext>.fromOpaque($0).takeUnretainedValue() }
}

/// Called once per request, right after the request line: creates the request's state, which MHD stores as
/// the initial `*req_cls`. The uri is the raw target, before MHD's own (lenient) percent-decoding.
let uriCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
    cls, uri, connection in
    guard let context = context(cls) else { return nil }
    let remote = connection.flatMap { vestibule_mhd_client_address($0) }.map(SocketAddress.describe) ?? ""
    let state = RequestState(rawTarget: uri.map { String(cString: $0) } ?? "", remoteAddress: remote)
    context.inFlight.add(1, ordering: .relaxed)
    // Balanced by the release in `completedCallback`.
    return Unmanaged.passRetained(state).toOpaque()
}

/// Refuses every new connection once graceful shutdown has begun (MHD then closes it without a word).
///
/// This replaces `MHD_quiesce_daemon`, which in 0.9.75 races with the epoll workers over removing the listening
/// socket from their epoll sets and then aborts the whole process ("Failed to remove listen FD from epoll
/// set", reproduced about once in a thousand shutdowns under load).
let acceptCallback: MHD_AcceptPolicyCallback = { cls, _, _ in
    context(cls)?.isDraining.load(ordering: .relaxed) == true ? .NO : .YES
}

let accessCallback: MHD_AccessHandlerCallback = { cls, connection, _, method, version, upload, uploadSize, requestContext in
    guard let context = context(cls), let connection, let method, let uploadSize,
        let raw = requestContext?.pointee
    else {
        // Unreachable while the URI callback is installed; closing is the only safe answer without state.
        return .NO
    }
    let state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
    return context.advance(state, on: connection, method: method, version: version, upload: upload, uploadSize: uploadSize)
}

let completedCallback: MHD_RequestCompletedCallback = { cls, connection, requestContext, termination in
    guard let context = context(cls) else { return }
    if termination == .REQUEST_TERMINATED_COMPLETED_OK, let connection {
        context.answerSent(on: connection)
    }
    guard let requestContext, let raw = requestContext.pointee else { return }
    requestContext.pointee = nil
    Unmanaged<RequestState>.fromOpaque(raw).release()
    context.inFlight.subtract(1, ordering: .relaxed)
}

/// MHD's diagnostics go to our logger instead of raw stderr. At notice level: nearly all of them are about
/// misbehaving clients (malformed requests, resets), which an internet-facing server sees all day.
let errorLogCallback: MHD_LogCallback = { cls, format, arguments in
    guard let context = context(cls), let format, let arguments else { return }
    var buffer = [CChar](repeating: 0, count: 512)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    var message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    while message.last?.isNewline == true { message.removeLast() }
    context.logger.notice("libmicrohttpd: \(message)")
}
