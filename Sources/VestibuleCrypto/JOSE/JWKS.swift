/// A JSON Web Key Set: `{"keys": [...]}`.
public struct JWKS: Codable, Sendable, Equatable {
    public var keys: [JWK]

    public init(keys: [JWK]) {
        self.keys = keys
    }
}
