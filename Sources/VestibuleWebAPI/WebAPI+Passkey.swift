import VestibuleAPI
import Foundation
import VestibuleCore
import VestibuleHTTP
import VestibulePasskeys
import VestibuleSite

/// The passkey JSON API that Vestibule's pages and native apps share (documented in `docs/api.md`):
/// options, then the browser's or app's answer, for registration, passkey-only sign-up and sign-in.
///
/// Requests are `application/json`, which a cross-site page cannot send without a CORS preflight that
/// Vestibule never grants. A browser request must also come from this origin and, when it carries cookies,
/// present the page's anti-forgery token in `X-CSRF-Token`. Native apps send no cookies: they authenticate
/// with `Authorization: Bearer <session token>` and ask for the session as a token.
extension WebAPI {
    func installPasskeyAPIRoutes(on router: inout Router) {
        router.post(APIPath.passkeyRegistrationOptions) { request in
            try jsonAPI(request) { call in
                let body = try call.body(PasskeyOptionsRequest.self)
                let account = try body.recoveryToken.map { try recoveringAccount($0, call) } ?? accountAllowedToAddPasskey(call)
                return try .json(
                    PasskeyOptionsReply(
                        publicKey: try site.services.passkeys.registrationOptions(for: account),
                        labels: call.labels(for: body.biometryType, purpose: .registration)
                    )
                )
            }
        }
        router.post(APIPath.passkeySignUpOptions) { request in
            try jsonAPI(request) { call in
                let body = try call.body(PasskeyOptionsRequest.self)
                let displayName = (body.displayName ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                guard (1...PasskeyNames.maximumLength).contains(displayName.count) else {
                    throw APIRefusal.invalid(call.text(.passkeyNameRequired))
                }
                return try .json(
                    PasskeyOptionsReply(
                        publicKey: try site.services.passkeys.signUpOptions(displayName: displayName),
                        labels: call.labels(for: body.biometryType, purpose: .registration)
                    )
                )
            }
        }
        router.post(APIPath.passkeyRegistration) { request in
            try jsonAPI(request) { call in
                let body = try call.body(PasskeyCeremonyRequest<RegistrationResponse>.self)
                let name = PasskeyNames.name(chosen: body.name, userAgent: request.headers["User-Agent"])
                if let token = body.recoveryToken {
                    // Used up before the answer is checked: a refused answer needs a new link, never a second use.
                    guard let accountID = try site.services.recoveryLinks.redeem(token) else {
                        throw APIRefusal.recoveryLinkUnusable(call)
                    }
                    _ = try site.services.passkeys.register(body.credential, signedIn: accountID, name: name)
                    try site.recovered(accountID, adding: .passkeyAdded(name: name), request: request, in: call.visitor.language)
                    return try .json(CeremonyReply(accountID: accountID.rawValue, redirect: "/sign-in?notice=recovered"))
                }
                // Adding to the signed-in account is a credential change; a sign-up (no session) is not.
                let signedIn = try call.signedIn()
                var notice: CredentialChanges.Notice?
                if let signedIn {
                    notice = try site.credentialChanges.authorize(signedIn.session)
                    guard notice != nil else { throw APIRefusal.signInAgain(call) }
                }
                let registration = try site.services.passkeys.register(
                    body.credential, signedIn: signedIn?.account.id, name: name
                )
                let accountID = registration.credential.accountID
                guard registration.createdAccount else {
                    notice?.send(.passkeyAdded(name: name), in: call.visitor.language)
                    site.audit(.passkeyAdded, account: accountID, method: .passkey, detail: name, request: request)
                    // Added from the offer after a sign-in that a hand-off waits for: on to the app.
                    let next = try site.hasPendingHandoff(request) ? "/continue" : "/account?notice=passkey-added"
                    return try .json(CeremonyReply(accountID: accountID.rawValue, redirect: next))
                }
                site.audit(.signUp, account: accountID, method: .passkey, request: request)
                try site.keepHandedOverEmail(for: accountID, request: request)
                return try call.signedIn(accountID, method: .passkey, delivery: body.sessionDelivery, redirect: SitePath.welcome)
            }
        }
        router.post(APIPath.passkeyAuthenticationOptions) { request in
            try jsonAPI(request) { call in
                try .json(
                    PasskeyOptionsReply(
                        publicKey: try site.services.passkeys.authenticationOptions(),
                        labels: call.labels(for: call.body(PasskeyOptionsRequest.self).biometryType, purpose: .authentication)
                    )
                )
            }
        }
        router.post(APIPath.passkeyAuthentication) { request in
            try jsonAPI(request) { call in
                let body = try call.body(PasskeyCeremonyRequest<AuthenticationResponse>.self)
                let credential: PasskeyCredential
                do {
                    credential = try site.services.passkeys.authenticate(body.credential)
                } catch let error as PasskeyError {
                    // The passkey's account when the credential is known: a failed assertion of its passkey is its news.
                    let account = try? site.services.store.passkey(id: body.credential.rawId.bytes)?.accountID
                    site.audit(.signIn, outcome: .failed, account: account, method: .passkey, request: request)
                    throw error
                }
                return try call.signedIn(credential.accountID, method: .passkey, delivery: body.sessionDelivery, redirect: "/continue")
            }
        }
    }

    /// The signed-in account, when its session may add a passkey now.
    private func accountAllowedToAddPasskey(_ call: APICall) throws -> Account {
        guard let (session, account) = try call.signedIn() else { throw APIRefusal.signInRequired }
        guard site.credentialChanges.allows(session) else { throw APIRefusal.signInAgain(call) }
        return account
    }

    /// The account a recovery link that still works leads to; the link stays for the answer to use up.
    private func recoveringAccount(_ token: String, _ call: APICall) throws -> Account {
        guard let id = try site.services.recoveryLinks.account(for: token), let account = try site.services.store.account(id: id)
        else { throw APIRefusal.recoveryLinkUnusable(call) }
        return account
    }
}
