import Foundation

/// Everything the emulator remembers, in memory: authorizations, codes, tokens and revocations. Guarded by
/// one lock in ``AppleEmulator``, so each method is one atomic step (a code is redeemed exactly once).
struct EmulatorState: Sendable {
    private var authorizations: [Int: Authorization] = [:]
    /// The current authorization of each Apple ID and team; a revoked one is gone from here and above.
    private var current: [AppleIDKey: Int] = [:]
    private var nextAuthorizationID = 1
    /// Every `sub` ever issued, with whom it names, so notifications can be sent after a revocation too.
    private(set) var subjects: [String: AppleIDKey] = [:]
    private var codes: [String: IssuedCode] = [:]
    private var refreshTokens: [String: IssuedToken] = [:]
    private var accessTokens: [String: IssuedToken] = [:]
    private(set) var revocations: [Revocation] = []

    /// The current authorization of `appleID`, or the one `make` builds from a fresh id; `isNew` tells a first
    /// authorization (the one that sends `user`) from a later one.
    mutating func authorization(
        of appleID: AppleIDKey, orNew make: (Int) -> Authorization
    ) -> (authorization: Authorization, isNew: Bool) {
        if let id = current[appleID], let existing = authorizations[id] { return (existing, false) }
        let authorization = make(nextAuthorizationID)
        nextAuthorizationID += 1
        authorizations[authorization.id] = authorization
        current[appleID] = authorization.id
        subjects[authorization.subject] = appleID
        return (authorization, true)
    }

    /// Remembers a code; drops codes that have expired, so the table stays small in a long development session.
    mutating func add(code: String, _ issued: IssuedCode, now: Date) {
        codes = codes.filter { $0.value.expires > now }
        codes[code] = issued
    }

    /// Redeems `code` for `clientID`: known, unexpired and not revoked, then unused, then issued to this client for
    /// this redirect URI. Marks it used only when it is exchanged.
    mutating func redeem(
        code: String, clientID: String, redirectURI: String?, now: Date
    ) throws(TokenEndpointError) -> (code: IssuedCode, authorization: Authorization) {
        guard var issued = codes[code], issued.expires > now, let authorization = authorizations[issued.authorizationID]
        else { throw .codeExpiredOrRevoked }
        guard !issued.used else { throw .codeAlreadyUsed }
        guard issued.clientID == clientID else {
            throw .invalidGrant("client_id mismatch. The code was not issued to \(clientID).")
        }
        guard issued.redirectURI == redirectURI else {
            throw .invalidGrant("redirect_uri mismatch. The code was not issued to \(redirectURI ?? "").")
        }
        issued.used = true
        codes[code] = issued
        return (issued, authorization)
    }

    mutating func add(accessToken: String, refreshToken: String?, _ issued: IssuedToken) {
        accessTokens[accessToken] = issued
        if let refreshToken { refreshTokens[refreshToken] = issued }
    }

    /// The authorization behind a refresh token that `clientID` holds and that was not revoked.
    func authorization(refreshToken: String, clientID: String) throws(TokenEndpointError) -> Authorization {
        guard let issued = refreshTokens[refreshToken], issued.clientID == clientID,
            let authorization = authorizations[issued.authorizationID]
        else { throw .tokenExpiredOrRevoked }
        return authorization
    }

    /// `/auth/revoke`: a refresh or access token of `clientID` ends its whole authorization; anything else is
    /// recorded and otherwise ignored, as Apple answers 200 regardless.
    mutating func revoke(token: String, clientID: String, hint: String?, now: Date) {
        let kind: Revocation.TokenKind
        let issued: IssuedToken?
        if let refresh = refreshTokens[token], refresh.clientID == clientID {
            (kind, issued) = (.refreshToken, refresh)
        } else if let access = accessTokens[token], access.clientID == clientID {
            (kind, issued) = (.accessToken, access)
        } else {
            (kind, issued) = (.unknown, nil)
        }
        let ended = issued.flatMap { authorizations[$0.authorizationID] }
        if let ended { revokeAuthorization(of: ended.appleID) }
        revocations.append(
            Revocation(clientID: clientID, kind: kind, tokenTypeHint: hint, subject: ended?.subject, date: now)
        )
    }

    /// Ends the current authorization of `appleID`: its codes and tokens stop working, and the next sign-in is
    /// a first one again (consent page choices apply, `user` is sent).
    mutating func revokeAuthorization(of appleID: AppleIDKey) {
        guard let id = current.removeValue(forKey: appleID) else { return }
        authorizations[id] = nil
        refreshTokens = refreshTokens.filter { $0.value.authorizationID != id }
        accessTokens = accessTokens.filter { $0.value.authorizationID != id }
    }
}
