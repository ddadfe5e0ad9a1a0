import VestibuleCrypto
import VestibulePasskeys

/// A software authenticator built on VestibuleCrypto keys, producing responses byte by byte.
struct SyntheticAuthenticator {
    static let rpID = "example.org"
    static let origin = "https://example.org"

    let key: SigningKey
    let credentialID: [UInt8] = Array(0..<32)
    let aaguid: [UInt8] = Array(repeating: 0xAA, count: 16)

    init(_ algorithm: JWSAlgorithm = .es256) throws {
        key = try SigningKey.generate(algorithm)
    }

    var coseAlgorithm: Int {
        switch key.algorithm {
        case .es256: -7
        case .rs256: -257
        case .edDSA: -8
        }
    }

    /// The public key as COSE_Key bytes.
    var coseKey: [UInt8] {
        let jwk = key.publicJWK(keyID: "k")
        let b = { (text: String?) in CBORValue.bytes(try! Base64URL.decode(text!)) }
        let entries: [(key: CBORValue, value: CBORValue)] = switch key.algorithm {
        case .es256: [(.unsigned(1), .unsigned(2)), (.unsigned(3), CBOREncoder.int(-7)), (CBOREncoder.int(-1), .unsigned(1)),
                      (CBOREncoder.int(-2), b(jwk.x)), (CBOREncoder.int(-3), b(jwk.y))]
        case .rs256: [(.unsigned(1), .unsigned(3)), (.unsigned(3), CBOREncoder.int(-257)),
                      (CBOREncoder.int(-1), b(jwk.n)), (CBOREncoder.int(-2), b(jwk.e))]
        case .edDSA: [(.unsigned(1), .unsigned(1)), (.unsigned(3), CBOREncoder.int(-8)), (CBOREncoder.int(-1), .unsigned(6)),
                      (CBOREncoder.int(-2), b(jwk.x))]
        }
        return CBOREncoder.encode(.map(entries))
    }

    /// Flags byte values.
    static let up: UInt8 = 0x01, uv: UInt8 = 0x04, be: UInt8 = 0x08, bs: UInt8 = 0x10, at: UInt8 = 0x40, ed: UInt8 = 0x80

    func authenticatorData(
        rpID: String = rpID, flags: UInt8, signCount: UInt32 = 0, attested: Bool, extensions: CBORValue? = nil
    ) -> [UInt8] {
        var data = SHA2.sha256(rpID) + [flags | (attested ? Self.at : 0) | (extensions == nil ? 0 : Self.ed)]
        data += (0..<4).reversed().map { UInt8(truncatingIfNeeded: signCount >> (8 * UInt32($0))) }
        if attested {
            data += aaguid + [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xFF)] + credentialID + coseKey
        }
        if let extensions { data += CBOREncoder.encode(extensions) }
        return data
    }

    static func clientData(
        type: String, challenge: [UInt8], origin: String = origin, crossOrigin: Bool? = false, topOrigin: String? = nil,
        extra: String = "padding for tamper tests"
    ) -> [UInt8] {
        var members = ["\"type\":\"\(type)\"", "\"challenge\":\"\(Base64URL.encode(challenge))\"", "\"origin\":\"\(origin)\""]
        if let crossOrigin { members.append("\"crossOrigin\":\(crossOrigin)") }
        if let topOrigin { members.append("\"topOrigin\":\"\(topOrigin)\"") }
        members.append("\"extra\":\"\(extra)\"")
        return Array("{\(members.joined(separator: ","))}".utf8)
    }

    /// A signature in WebAuthn encoding (DER for ES256).
    func sign(_ message: [UInt8]) throws -> [UInt8] {
        let signature = try key.sign(message)
        return key.algorithm == .es256 ? DERSignature.der(fromRaw: signature)! : signature
    }

    func attestationObject(authData: [UInt8], format: String = "none", statement: CBORValue = .map([])) -> [UInt8] {
        CBOREncoder.encode(.map([(.text("fmt"), .text(format)), (.text("attStmt"), statement), (.text("authData"), .bytes(authData))]))
    }

    /// A packed self-attestation statement over `authData ‖ SHA-256(clientData)`.
    func packedSelfStatement(authData: [UInt8], clientData: [UInt8], alg: Int? = nil) throws -> CBORValue {
        let signature = try sign(authData + SHA2.sha256(clientData))
        return .map([(.text("alg"), CBOREncoder.int(alg ?? coseAlgorithm)), (.text("sig"), .bytes(signature))])
    }
}
