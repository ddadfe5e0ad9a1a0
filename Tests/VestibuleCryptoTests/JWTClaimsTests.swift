import Foundation
import Testing
import VestibuleCrypto

@Suite struct JWTClaimsTests {
    private let key = try! SigningKey.generate(.edDSA)
    private var validator: JWTValidator {
        JWTValidator(keys: KeyCache(jwks: .of([(key, "ed-1")])), allowedAlgorithms: [.edDSA])
    }

    private func claims(_ json: String) throws -> JWTClaims {
        try validator.verify(try JWS.sign(payload: Array(json.utf8), key: key, keyID: "ed-1"), now: Fixtures.now)
    }

    @Test func audienceIsAcceptedAsAStringOrAnArray() throws {
        #expect(try claims(#"{"exp":1700000100,"aud":"one"}"#).aud == ["one"])
        #expect(try claims(#"{"exp":1700000100,"aud":["one","two"]}"#).aud == ["one", "two"])
        #expect(try claims(#"{"exp":1700000100}"#).aud == [])
    }

    @Test func registeredClaimsOfTheWrongTypeAreRejectedAsMalformed() {
        #expect(throws: JWSError(.malformed)) { try claims(#"{"exp":"1700000100"}"#) }
        #expect(throws: JWSError(.malformed)) { try claims(#"{"exp":1700000100,"aud":[1]}"#) }
        #expect(throws: JWSError(.malformed)) { try claims(#"{"exp":1700000100,"sub":42}"#) }
    }

    @Test func typedRegisteredClaimsAndRawOtherClaimsAreReadable() throws {
        let result = try claims(
            #"{"iss":"https://issuer.example","sub":"s","exp":1700000100,"iat":1699999990,"nonce":"n","email_verified":"true","events":{"type":"x"}}"#)
        #expect(result.iss == "https://issuer.example")
        #expect(result.nonce == "n")
        #expect(result.exp == Date(timeIntervalSince1970: 1_700_000_100))
        #expect(result.iat == Date(timeIntervalSince1970: 1_699_999_990))
        #expect(result["email_verified"] == .string("true"))
        #expect(result["events"] == .object(["type": .string("x")]))
        #expect(result.header.kid == "ed-1")
    }

    @Test func claimsDecodeIntoAnApplicationType() throws {
        struct Custom: Decodable { var sub: String; var scope: String }
        let custom = try claims(#"{"exp":1700000100,"sub":"s","scope":"openid"}"#).decode(Custom.self)
        #expect(custom.scope == "openid")
    }
}
