import VestibuleSite

/// Where the operator console lives.
public enum ConsolePath {
    /// The search, and the prefix of every console page.
    public static let root = SitePath.console
    /// An account's page.
    static func account(_ id: String) -> String { "\(root)/accounts/\(id)" }
    /// The one-time link that makes an operator (`vestibule operators add`), with `?token=`.
    public static let invitation = "\(root)/invitation"
}
