/// The scopes Vestibule grants and the claims each releases (OpenID Connect Core 5.4). Any other scope an app
/// asks for is left out of the grant, as the specification allows, rather than refused.
public enum OpenIDScope: String, Sendable, CaseIterable, Codable {
    case openID = "openid"
    case profile
    case email
    /// A refresh token that outlives the person's session at Vestibule.
    case offlineAccess = "offline_access"

    /// The scopes of a space-separated `scope` parameter that Vestibule grants, in a stable order, duplicates dropped.
    public static func granted(from parameter: String) -> [OpenIDScope] {
        let asked = Set(parameter.split(separator: " ").map(String.init))
        return allCases.filter { asked.contains($0.rawValue) }
    }

    /// The `scope` parameter for `scopes`.
    public static func parameter(_ scopes: [OpenIDScope]) -> String {
        scopes.map(\.rawValue).joined(separator: " ")
    }
}

extension SignInMethod {
    /// The Authentication Method Reference values (RFC 8176) an ID token carries for a sign-in by this method.
    public var authenticationMethods: [String] {
        switch self {
        // A key held by the person's device, used after the device checked them (Face ID, Touch ID, a PIN):
        // possession and a second factor.
        case .passkey: ["hwk", "user", "mfa"]
        case .password: ["pwd"]
        // An Apple Account that signs in with Apple has two-factor authentication turned on; Apple requires it.
        case .apple: ["mfa"]
        }
    }
}
