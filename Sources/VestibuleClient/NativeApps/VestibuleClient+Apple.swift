public import VestibuleAPI

/// The network half of Sign in with Apple for native apps (`docs/api.md`, "Sign in with Apple for apps"): a
/// nonce first, then what `ASAuthorizationAppleIDCredential` gave the app.
extension VestibuleClient {
    /// A fresh nonce for one Sign in with Apple.
    public func appleSignInNonce() throws(VestibuleClientError) -> AppleSignInNonce {
        AppleSignInNonce(raw: try exchange(.post, APIPath.appleNonce, [String: String](), as: AppleNonceReply.self).nonce)
    }

    /// Signs in with Apple's credential; the session comes back as ``CeremonyReply/sessionToken``, and
    /// ``CeremonyReply/redirect`` is `/welcome` for an account just created.
    ///
    /// - Throws: ``VestibuleClientError/Code/refused`` with ``VestibuleClientError/apiError`` `accountExists` when the
    ///   email has an account with a password (ask the person to sign in to it and add Apple there),
    ///   `invalidState` for a used or expired nonce; ``VestibuleClientError/Code/unexpectedReply`` (502) when Apple
    ///   could not be reached or refused the code.
    public func signIn(withApple credential: AppleNativeCredential) throws(VestibuleClientError) -> CeremonyReply {
        try exchange(
            .post, APIPath.appleNative, NativeAppleRequest(credential: credential, sessionDelivery: .token),
            as: CeremonyReply.self
        )
    }
}
