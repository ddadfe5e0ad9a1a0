package import VestibuleCore
package import VestibuleHTTP

extension WebServices {
    /// Deletes the account with every row about it. With Sign in with Apple set up, Apple's tokens are revoked
    /// first, or queued to be when Apple cannot be reached (the deletion itself never waits for Apple).
    package func deleteAccount(_ id: AccountID) throws {
        if let apple {
            try apple.revocations.deleteAccount(id)
        } else {
            try store.deleteAccount(id: id)
        }
    }
}

extension Site {
    /// Deletes the account, by its person or an operator: the OpenID apps it signed in to are told first (the
    /// grants go with the account), then the record that it was deleted goes into the audit trail, which the
    /// deletion emptied of its other events.
    package func deleteAccount(_ id: AccountID, by operatorID: AccountID? = nil) throws {
        try services.openID.endAll(of: id, apps: configuration.apps)
        try services.deleteAccount(id)
        audit(.accountDeleted, account: id, request: nil, by: operatorID)
        services.sessionsEnded()
    }

    /// Ends every session of the account but `kept`, and every OpenID grant, offline ones too: whoever held a
    /// session or a refresh token holds nothing now ("This wasn't me", or an operator, also when turning the account
    /// off; a used recovery link: `recordedAs`, with the method it added).
    package func signOutEverywhere(
        _ id: AccountID, except kept: SessionID?, request: Request, by operatorID: AccountID? = nil,
        recordedAs kind: AuditEvent.Kind = .signedOutEverywhere, method: SignInMethod? = nil, detail: String? = nil
    ) throws {
        try services.store.deleteSessions(of: id, except: kept)
        try services.openID.endEveryGrant(of: id, apps: configuration.apps)
        audit(kind, account: id, method: method, detail: detail, request: request, by: operatorID)
        services.sessionsEnded()
    }
}
