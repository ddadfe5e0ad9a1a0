public import Foundation
public import VestibuleCrypto
public import VestibuleJSON

/// Signs this site's JWTs: claims as JSON with sorted keys, under the current key of ``SigningKeys`` for the
/// algorithm asked, with `iss` this site's origin. The access tokens of the API and OpenID Connect's tokens are
/// all made by one.
public struct TokenSigner: Sendable {
    public let signingKeys: SigningKeys
    /// `iss`: this site's origin.
    public let issuer: String
    public let clock: @Sendable () -> Date

    public init(signingKeys: SigningKeys, issuer: String, clock: @escaping @Sendable () -> Date) {
        self.signingKeys = signingKeys
        self.issuer = issuer
        self.clock = clock
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Now, in the whole seconds JWTs count in.
    public var now: Int { Int(clock().timeIntervalSince1970) }

    /// `claims` signed as a compact JWS with `typ` `type`.
    public func sign(_ claims: [String: JSONValue], algorithm: JWSAlgorithm = .es256, type: String) throws(Failure) -> String {
        do {
            let (keyID, key) = try signingKeys.signingKey(algorithm)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try JWS.sign(payload: Array(try encoder.encode(JSONValue.object(claims))), key: key, keyID: keyID, type: type)
        } catch {
            throw Failure(description: "Could not sign a token: \(error)")
        }
    }
}
