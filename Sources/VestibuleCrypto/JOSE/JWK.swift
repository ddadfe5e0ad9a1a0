/// A public JSON Web Key (RFC 7517) for RSA, EC or OKP keys.
///
/// Only public members are modelled: private members such as `d` in a decoded document are ignored
/// and can never be encoded back out.
public struct JWK: Codable, Sendable, Equatable, Hashable {
    /// Key type: `RSA`, `EC` or `OKP`.
    public var kty: String
    /// Key id, matched against a JWS header's `kid`.
    public var kid: String?
    /// Intended use; only `sig` (or absent) keys verify signatures.
    public var use: String?
    /// The one algorithm this key is for, if declared.
    public var alg: String?
    /// Curve for `EC` (`P-256`) and `OKP` (`Ed25519`) keys.
    public var crv: String?
    /// EC x coordinate, or the OKP public key, base64url.
    public var x: String?
    /// EC y coordinate, base64url.
    public var y: String?
    /// RSA modulus, base64url big-endian.
    public var n: String?
    /// RSA public exponent, base64url big-endian.
    public var e: String?

    public init(
        kty: String, kid: String? = nil, use: String? = nil, alg: String? = nil, crv: String? = nil,
        x: String? = nil, y: String? = nil, n: String? = nil, e: String? = nil
    ) {
        self.kty = kty
        self.kid = kid
        self.use = use
        self.alg = alg
        self.crv = crv
        self.x = x
        self.y = y
        self.n = n
        self.e = e
    }
}
