internal import Glibc

/// Text form of a peer address for `Request.remoteAddress` and the access log.
enum SocketAddress {
    static func describe(_ address: UnsafePointer<sockaddr>) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = Int32(address.pointee.sa_family)
        let converted: UnsafePointer<CChar>? = switch family {
        case AF_INET:
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                withUnsafePointer(to: inet.pointee.sin_addr) { inet_ntop(family, $0, &text, socklen_t(text.count)) }
            }
        case AF_INET6:
            address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet6 in
                withUnsafePointer(to: inet6.pointee.sin6_addr) { inet_ntop(family, $0, &text, socklen_t(text.count)) }
            }
        default:
            nil
        }
        guard converted != nil else { return "" }
        return text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
