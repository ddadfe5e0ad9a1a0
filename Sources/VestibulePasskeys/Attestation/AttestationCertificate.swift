internal import VestibuleCrypto

/// The parts of an X.509 attestation certificate that packed attestation checks (WebAuthn §8.2.1).
///
/// This is not a general X.509 parser: it reads the version, the subject's organizational unit,
/// the public key (P-256, RSA or Ed25519), basic constraints and the FIDO AAGUID extension, and
/// never evaluates validity dates, chains or trust.
struct AttestationCertificate {
    let version: Int
    let subjectOrganizationalUnits: [String]
    let publicKey: PublicKey
    /// The basic constraints `cA` value (false when the extension is absent).
    let isCertificateAuthority: Bool
    /// The id-fido-gen-ce-aaguid extension value, if present.
    let aaguid: [UInt8]?

    private static let sequence: UInt8 = 0x30
    private static let oidOrganizationalUnit: [UInt8] = [0x55, 0x04, 0x0B]
    private static let oidBasicConstraints: [UInt8] = [0x55, 0x1D, 0x13]
    /// 1.3.6.1.4.1.45724.1.1.4
    private static let oidFIDOAAGUID: [UInt8] = [0x2B, 0x06, 0x01, 0x04, 0x01, 0x82, 0xE5, 0x1C, 0x01, 0x01, 0x04]
    private static let oidECPublicKey: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    private static let oidP256: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
    private static let oidRSAEncryption: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
    private static let oidEd25519: [UInt8] = [0x2B, 0x65, 0x70]

    init(der: [UInt8]) throws(PasskeyError) {
        var outer = DERReader(der[...])
        let certificate = try outer.read(tag: Self.sequence)
        guard outer.isAtEnd else { throw DERReader.malformed }
        var fields = DERReader(certificate.content)
        var tbs = DERReader(try fields.read(tag: Self.sequence).content)
        if tbs.peekTag == 0xA0 {
            var explicit = DERReader(try tbs.read().content)
            let integer = try explicit.read(tag: 0x02).content
            guard integer.count == 1 else { throw DERReader.malformed }
            version = Int(integer.first!) + 1
        } else {
            version = 1
        }
        _ = try tbs.read(tag: 0x02)  // serialNumber
        _ = try tbs.read(tag: Self.sequence)  // signature
        _ = try tbs.read(tag: Self.sequence)  // issuer
        _ = try tbs.read(tag: Self.sequence)  // validity
        subjectOrganizationalUnits = try Self.attributes(try tbs.read(tag: Self.sequence).content, Self.oidOrganizationalUnit)
        publicKey = try Self.publicKey(try tbs.read(tag: Self.sequence).content)
        var isCA = false
        var aaguid: [UInt8]?
        while let tag = tbs.peekTag {
            let element = try tbs.read()
            guard tag == 0xA3 else { continue }  // issuerUniqueID, subjectUniqueID
            var wrapper = DERReader(element.content)
            var extensions = DERReader(try wrapper.read(tag: Self.sequence).content)
            while !extensions.isAtEnd {
                var fields = DERReader(try extensions.read(tag: Self.sequence).content)
                let oid = Array(try fields.read(tag: 0x06).content)
                if fields.peekTag == 0x01 { _ = try fields.read() }  // critical
                let value = try fields.read(tag: 0x04).content
                switch oid {
                case Self.oidBasicConstraints:
                    var constraints = DERReader(value)
                    var members = DERReader(try constraints.read(tag: Self.sequence).content)
                    if members.peekTag == 0x01 { isCA = try members.read().content.first.map { $0 != 0 } ?? false }
                case Self.oidFIDOAAGUID:
                    var inner = DERReader(value)
                    let octets = try inner.read(tag: 0x04).content
                    guard octets.count == 16, inner.isAtEnd else { throw DERReader.malformed }
                    aaguid = Array(octets)
                default:
                    break
                }
            }
        }
        isCertificateAuthority = isCA
        self.aaguid = aaguid
    }

    /// The string values of one attribute type in a distinguished name.
    private static func attributes(_ name: ArraySlice<UInt8>, _ type: [UInt8]) throws(PasskeyError) -> [String] {
        var values = [String]()
        var sets = DERReader(name)
        while !sets.isAtEnd {
            var set = DERReader(try sets.read(tag: 0x31).content)
            while !set.isAtEnd {
                var pair = DERReader(try set.read(tag: Self.sequence).content)
                let oid = Array(try pair.read(tag: 0x06).content)
                let value = try pair.read()
                if oid == type, let text = String(validating: value.content, as: UTF8.self) { values.append(text) }
            }
        }
        return values
    }

    private static func publicKey(_ info: ArraySlice<UInt8>) throws(PasskeyError) -> PublicKey {
        var reader = DERReader(info)
        var algorithm = DERReader(try reader.read(tag: Self.sequence).content)
        let oid = Array(try algorithm.read(tag: 0x06).content)
        let bits = try reader.read(tag: 0x03).content
        guard bits.first == 0 else { throw DERReader.malformed }
        let key = bits.dropFirst()
        let jwk: JWK
        switch oid {
        case Self.oidECPublicKey:
            guard Array(try algorithm.read(tag: 0x06).content) == Self.oidP256 else {
                throw PasskeyError(.unsupportedAttestation, "attestation key is not on P-256")
            }
            guard key.count == 65, key.first == 0x04 else { throw DERReader.malformed }
            jwk = JWK(kty: "EC", crv: "P-256", x: Base64URL.encode(key.dropFirst().prefix(32)), y: Base64URL.encode(key.suffix(32)))
        case Self.oidRSAEncryption:
            var outer = DERReader(key)
            var numbers = DERReader(try outer.read(tag: Self.sequence).content)
            let n = try numbers.read(tag: 0x02).content.drop { $0 == 0 }
            let e = try numbers.read(tag: 0x02).content.drop { $0 == 0 }
            jwk = JWK(kty: "RSA", n: Base64URL.encode(n), e: Base64URL.encode(e))
        case Self.oidEd25519:
            jwk = JWK(kty: "OKP", crv: "Ed25519", x: Base64URL.encode(key))
        default:
            throw PasskeyError(.unsupportedAttestation, "attestation key type is not supported")
        }
        do {
            return try PublicKey(jwk: jwk)
        } catch {
            throw PasskeyError(.unsupportedAttestation, "attestation key rejected: \(error.context)")
        }
    }

    /// Whether `signature` in WebAuthn encoding for COSE `alg` verifies over `message` under this key.
    func isValidSignature(_ signature: [UInt8], for message: [UInt8], alg: Int) -> Bool {
        switch (alg, publicKey.algorithm) {
        case (COSEAlgorithm.es256.rawValue, .es256):
            guard let raw = DERSignature.raw(fromDER: signature, coordinateSize: 32) else { return false }
            return publicKey.isValidSignature(raw, for: message)
        case (COSEAlgorithm.rs256.rawValue, .rs256), (COSEAlgorithm.edDSA.rawValue, .edDSA):
            return publicKey.isValidSignature(signature, for: message)
        default:
            return false
        }
    }
}
