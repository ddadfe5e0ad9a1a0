@preconcurrency import Glibc

/// An IPv4 or IPv6 address as text, in its one canonical spelling (`::1`, never `0:0::1`), so that one
/// visitor cannot be counted under several spellings of their address.
enum ClientAddress {
    /// `text` parsed as an IPv4 (dotted quad) or IPv6 address and written canonically; `nil` for anything else
    /// (host names, ports, zone IDs, CIDR suffixes, surrounding spaces).
    static func canonical(_ text: String) -> String? {
        guard !text.isEmpty, text.utf8.count <= 45 else { return nil }
        let family = text.contains(":") ? AF_INET6 : AF_INET
        var address = [UInt8](repeating: 0, count: 16)
        guard inet_pton(family, text, &address) == 1 else { return nil }
        var output = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, address, &output, socklen_t(output.count)) != nil else { return nil }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
