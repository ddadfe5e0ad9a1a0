import Foundation
import Testing
import VestibuleAPI

/// The bodies' JSON is the server's, byte for byte where it matters: what is `null` and what is left out, the
/// constant members, and the documented examples of `docs/api.md` decode.
@Suite struct APIBodyTests {
    @Test func aVersionMismatchSaysNullWhenNothingIsStoredAndAlwaysNamesItsError() throws {
        #expect(try Self.json(VersionMismatchReply(message: "Read it again.", currentVersion: nil))
            == #"{"currentVersion":null,"error":"versionMismatch","message":"Read it again."}"#)
        #expect(try Self.json(VersionMismatchReply(message: "m", currentVersion: 2))
            == #"{"currentVersion":2,"error":"versionMismatch","message":"m"}"#)
        let other = Data(#"{"error":"tooLarge","message":"m"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(VersionMismatchReply.self, from: other) }
    }

    @Test func optionalMembersAreLeftOutNotNull() throws {
        #expect(try Self.json(CeremonyReply(accountID: "a", redirect: "/continue")) == #"{"accountID":"a","redirect":"/continue"}"#)
        #expect(try Self.json(SessionReply.AppleIdentity(isPrivateEmail: true, emailForwarding: "on", forwardingDisabledAt: nil))
            == #"{"emailForwarding":"on","isPrivateEmail":true}"#)
        #expect(try Self.json(PasskeyOptionsRequest()) == "{}")
        #expect(try Self.json(AccessTokenReply(accessToken: "t", expiresIn: 300))
            == #"{"accessToken":"t","expiresIn":300,"tokenType":"Bearer"}"#)
    }

    @Test func theDocumentedExamplesDecode() throws {
        let session = #"""
            {"accountID": "…", "displayName": "Ada Lovelace", "email": "x7…@privaterelay.appleid.com",
             "signedInWith": "apple", "expiresAt": "2026-12-31T09:00:00Z", "methods": ["apple", "passkey"],
             "apple": [{"isPrivateEmail": true, "emailForwarding": "off", "forwardingDisabledAt": "2026-12-02T10:00:00Z"}],
             "complete": false, "missingFields": ["country"]}
            """#
        let decoded = try JSONDecoder().decode(SessionReply.self, from: Data(session.utf8))
        #expect(decoded.apple.first?.forwardingDisabledAt == "2026-12-02T10:00:00Z")
        #expect(decoded.missingFields == ["country"])

        let refusal = #"{"error": "challengeUnknown", "message": "That didn't work."}"#
        #expect(try JSONDecoder().decode(APIErrorReply.self, from: Data(refusal.utf8)).error == "challengeUnknown")
        let claim = #"{"moved": 2, "renamed": ["cart.guest"], "replaced": 0, "discarded": 0}"#
        #expect(try JSONDecoder().decode(ClaimReply.self, from: Data(claim.utf8)).renamed == ["cart.guest"])
    }

    @Test func entityTagsCarryVersionsBothWays() {
        #expect(ExpectedVersion.version(3).header == ("If-Match", #""3""#) )
        #expect(ExpectedVersion.absent.header == ("If-None-Match", "*"))
        #expect(ExpectedVersion.version(inEntityTag: #""12""#) == 12)
        #expect(ExpectedVersion.version(inEntityTag: #"W/"4""#) == 4)
        for tag in ["12", #""""#, #""0""#, #""-1""#, #""x""#, "*"] {
            #expect(ExpectedVersion.version(inEntityTag: tag) == nil, "\(tag)")
        }
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
