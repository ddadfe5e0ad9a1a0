import Glibc

/// A TCP port free on the loopback interface right now, for servers whose URL must be known before they
/// start (a browser's origin must match the server's configured public URL).
public enum FreePort {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func find() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "bind failed: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
