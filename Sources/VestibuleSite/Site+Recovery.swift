package import VestibuleCore
package import VestibuleHTTP
package import VestibuleLocalization

extension Site {
    /// What follows a recovery link's use, once the way in it allowed is added: every session and grant of the
    /// account ends (whoever holds one may be why the person lost their way in), the owner is told by mail, and
    /// the trail records the link's use with what it added.
    package func recovered(_ accountID: AccountID, adding change: CredentialChanges.Change, request: Request, in language: Language)
        throws
    {
        let notice = try credentialChanges.notice(for: accountID)
        let (method, detail): (SignInMethod, String?) = switch change {
        case .passkeyAdded(let name): (.passkey, name)
        default: (.password, nil)
        }
        try signOutEverywhere(accountID, except: nil, request: request, recordedAs: .recoveryLinkUsed, method: method, detail: detail)
        notice.send(change, in: language)
    }
}
