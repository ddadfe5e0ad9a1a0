import Foundation
import Glibc

/// A listener on 127.0.0.1 that answers every connection with the same bytes, or (with nil) accepts no
/// connection at all, so the client's request waits in the backlog forever: a hung chromedriver.
final class CannedServer: Sendable {
    let port: Int
    private let descriptor: Int32
    /// Signalled when the accepting thread has ended: only then may the descriptor be closed, or a later
    /// socket could reuse its number under the thread's `accept`.
    private let acceptorEnded = DispatchSemaphore(value: 0)
    private let hasAcceptor: Bool

    init(reply: String?) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, ok, listen(descriptor, 8) == 0 else {
            struct ListenFailed: Error {}
            throw ListenFailed()
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.hasAcceptor = reply != nil
        guard let reply else { return }
        let ended = acceptorEnded
        let thread = Thread {
            defer { ended.signal() }
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                Self.readRequest(connection)
                let bytes = Array(reply.utf8)
                _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                Glibc.shutdown(connection, Int32(SHUT_WR))
                close(connection)
            }
        }
        thread.start()
    }

    /// Stops listening; the accepting thread ends with it.
    func stop() {
        Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        if hasAcceptor { acceptorEnded.wait() }
        close(descriptor)
    }

    /// Reads the request head and its Content-Length body, so closing does not reset the connection.
    private static func readRequest(_ connection: Int32) {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let length = text.split(separator: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if text[end.upperBound...].utf8.count >= length { return }
            }
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return }
            received += chunk[..<count]
        }
    }
}
