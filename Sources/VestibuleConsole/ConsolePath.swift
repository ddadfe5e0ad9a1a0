/// Where the operator console lives: `/operator`, or the path the operator chose (`console-path`).
public struct ConsolePath: Sendable {
    /// The search, and the prefix of every console page.
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// An account's page.
    func account(_ id: String) -> String { "\(root)/accounts/\(id)" }
    /// The registered apps, OpenID clients among them.
    var apps: String { "\(root)/apps" }
    /// The one-time link that makes an operator (`vestibule operators add`), with `?token=`.
    public var invitation: String { "\(root)/invitation" }
}
