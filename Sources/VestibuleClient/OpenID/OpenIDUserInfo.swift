/// The userinfo endpoint's answer: the account, and what the grant's scopes release of the person.
public struct OpenIDUserInfo: Sendable, Equatable, Decodable {
    public let sub: String
    public let name: String?
    public let email: String?
}
