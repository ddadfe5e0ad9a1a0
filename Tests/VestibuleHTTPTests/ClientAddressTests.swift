import Testing
import VestibuleHTTP

@Suite struct ClientAddressTests {
    /// Per-address limits count an IPv6 address by its /64, in one spelling, and an IPv4 address alone, also when
    /// written IPv4-mapped (issue #13, finding 9).
    @Test(arguments: [
        ("203.0.113.7", "203.0.113.7"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:DB8:1:2::9", "2001:db8:1:2::/64"),
        ("2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("2001:db8::1", "2001:db8::/64"),
        ("::1", "::/64"),
        ("fe80::1:2", "fe80::/64"),
    ])
    func anAddressIsCountedUnderItsNetwork(address: String, network: String) {
        #expect(ClientAddress.network(of: address) == network)
    }

    @Test func textThatIsNoAddressIsCountedAsItIs() {
        #expect(ClientAddress.network(of: "") == "")
        #expect(ClientAddress.network(of: "unix-socket") == "unix-socket")
    }
}
