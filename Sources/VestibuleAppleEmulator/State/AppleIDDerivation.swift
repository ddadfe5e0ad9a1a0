import VestibuleCrypto

/// Derives what Apple shows a team about an Apple ID, `sub` and the relay address, from the Apple ID and the
/// Team ID under a secret key: stable for as long as the key is, different across teams, and not reversible
/// to the Apple ID.
struct AppleIDDerivation: Sendable {
    private let secret: [UInt8]

    init(secret: [UInt8]) { self.secret = secret }

    /// `NNNNNN.<32 hex>.NNNN`, the shape of Apple's team-scoped user identifiers.
    func subject(of appleID: AppleIDKey) -> String {
        let mac = HMAC.sha256(key: secret, message: Array("sub\u{0}\(appleID.teamID)\u{0}\(appleID.appleID)".utf8))
        return "\(Self.digits(mac[16..<24], count: 6)).\(Hex.lowercase(mac[0..<16])).\(Self.digits(mac[24..<32], count: 4))"
    }

    /// `<10 characters>@privaterelay.appleid.com`: one relay address per Apple ID and team.
    func relayAddress(of appleID: AppleIDKey) -> String {
        let mac = HMAC.sha256(key: secret, message: Array("relay\u{0}\(appleID.teamID)\u{0}\(appleID.appleID)".utf8))
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let local = mac.prefix(10).map { alphabet[Int($0) % alphabet.count] }
        return String(local) + "@privaterelay.appleid.com"
    }

    /// `count` decimal digits from `bytes`, zero-padded.
    private static func digits(_ bytes: ArraySlice<UInt8>, count: Int) -> String {
        let number = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var modulus: UInt64 = 1
        for _ in 0..<count { modulus *= 10 }
        let text = String(number % modulus)
        return String(repeating: "0", count: count - text.count) + text
    }
}

/// An Apple ID as one team sees it. Apple IDs compare case-insensitively.
struct AppleIDKey: Hashable, Sendable {
    let teamID: String
    let appleID: String

    init(teamID: String, appleID: String) {
        self.teamID = teamID
        self.appleID = appleID.lowercased()
    }
}
