import VestibuleLocalization

/// What an operator can do to an account from its console page: each is a form that first shows what it will do
/// and asks to confirm (``ConsoleConfirmPage``), then acts, records the event with the operator, and comes back.
enum ConsoleAction: String, CaseIterable {
    case disable
    case enable
    case signOutEverywhere = "sign-out-everywhere"
    case removePasskey = "remove-passkey"
    case sendRecoveryLink = "send-recovery-link"
    case delete

    /// The button.
    var title: TextKey {
        switch self {
        case .disable: .consoleDisable
        case .enable: .consoleEnable
        case .signOutEverywhere: .consoleSignOutEverywhere
        case .removePasskey: .consoleRemovePasskey
        case .sendRecoveryLink: .consoleSendRecoveryLink
        case .delete: .consoleDelete
        }
    }

    /// What it does, said on the confirmation page.
    var explanation: TextKey {
        switch self {
        case .disable: .consoleDisableExplained
        case .enable: .consoleEnableExplained
        case .signOutEverywhere: .consoleSignOutEverywhereExplained
        case .removePasskey: .consoleRemovePasskeyExplained
        case .sendRecoveryLink: .consoleSendRecoveryLinkExplained
        case .delete: .consoleDeleteExplained
        }
    }

    /// Whether its button is drawn as one that takes something away.
    var isDestructive: Bool { self != .enable && self != .sendRecoveryLink }

    func path(account id: String, in paths: ConsolePath) -> String { paths.account(id) + "/" + rawValue }
}
