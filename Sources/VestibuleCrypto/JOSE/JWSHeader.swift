/// The protected header of a compact JWS, with the members this layer acts on.
public struct JWSHeader: Codable, Sendable, Equatable {
    /// The signature algorithm named by the token (checked against an allow-list, never trusted).
    public var alg: String
    /// Which key signed the token.
    public var kid: String?
    /// Media type of the whole token, usually `JWT`.
    public var typ: String?

    public init(alg: String, kid: String? = nil, typ: String? = nil) {
        self.alg = alg
        self.kid = kid
        self.typ = typ
    }
}
