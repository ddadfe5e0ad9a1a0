/// The scopes Vestibule grants and the claims each releases (OpenID Connect Core 5.4). Any other scope an app
/// asks for is left out of the grant, as the specification allows, rather than refused.
public enum OpenIDScope: String, Sendable, CaseIterable, Codable {
    case openID = "openid"
    case profile
    case email
    /// A refresh token that outlives the person's session at Vestibule.
    case offlineAccess = "offline_access"
    /// The account's documents through the JSON API (`docs/api.md`, "Documents"), with the access token as the
    /// bearer. Documents are the account's, not one app's: only first-party apps are granted this scope.
    case documents

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
        // A sign-in at another identity provider: `fed` is not in RFC 8176's registry, but it is what Microsoft
        // Entra ID and others send for one, and it tells an app this was Apple, not a passkey. An Apple Account
        // that signs in with Apple has two-factor authentication turned on; Apple requires it.
        case .apple: ["fed", "mfa"]
        }
    }
}
