package import VestibuleCore

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
