@preconcurrency import Glibc

/// An IPv4 or IPv6 address as text, in its one canonical spelling (`::1`, never `0:0::1`), so that one
/// visitor cannot be counted under several spellings of their address.
public enum ClientAddress {
    /// `text` parsed as an IPv4 (dotted quad) or IPv6 address and written canonically; `nil` for anything else
    /// (host names, ports, zone IDs, CIDR suffixes, surrounding spaces).
    public static func canonical(_ text: String) -> String? {
        guard let (family, bytes) = parse(text) else { return nil }
        return format(family, bytes)
    }

    /// What per-address limits count `text` under. An IPv4 address alone, also when written IPv4-mapped
    /// (`::ffff:203.0.113.7`, as a dual-stack socket reports it). An IPv6 address by its /64
    /// (`2001:db8:1:2::/64`): one subscriber is usually given a whole /64 and can send from any of its 2^64
    /// addresses, so counting addresses would give them a budget without end (issue #13, finding 9).
    /// Text that is no address is counted as it is.
    public static func network(of text: String) -> String {
        guard let (family, bytes) = parse(text) else { return text }
        if family == AF_INET { return format(AF_INET, bytes) ?? text }
        if bytes.prefix(12).elementsEqual(ipv4MappedPrefix) { return format(AF_INET, Array(bytes.suffix(4))) ?? text }
        return format(AF_INET6, Array(bytes.prefix(8)) + [UInt8](repeating: 0, count: 8)).map { $0 + "/64" } ?? text
    }

    /// The network `text` belongs to, as a record kept for people to read may name it: an IPv4 address's /24
    /// (`203.0.113.0/24`, also when written IPv4-mapped), an IPv6 address's /48 (`2001:db8:1::/48`). Enough to tell
    /// a home from another country, not to single out a household. `nil` for text that is no address.
    public static func privacyNetwork(of text: String) -> String? {
        guard let (family, bytes) = parse(text) else { return nil }
        if family == AF_INET || bytes.prefix(12).elementsEqual(ipv4MappedPrefix) {
            return format(AF_INET, Array(bytes.suffix(4).prefix(3)) + [0]).map { $0 + "/24" }
        }
        return format(AF_INET6, Array(bytes.prefix(6)) + [UInt8](repeating: 0, count: 10)).map { $0 + "/48" }
    }

    /// `::ffff:0:0/96`.
    private static let ipv4MappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]

    /// The family and the address's bytes (4 or 16).
    private static func parse(_ text: String) -> (family: Int32, bytes: [UInt8])? {
        guard !text.isEmpty, text.utf8.count <= 45 else { return nil }
        let family = text.contains(":") ? AF_INET6 : AF_INET
        var address = [UInt8](repeating: 0, count: 16)
        guard inet_pton(family, text, &address) == 1 else { return nil }
        return (family, family == AF_INET ? Array(address.prefix(4)) : address)
    }

    private static func format(_ family: Int32, _ bytes: [UInt8]) -> String? {
        var output = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, bytes, &output, socklen_t(output.count)) != nil else { return nil }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
