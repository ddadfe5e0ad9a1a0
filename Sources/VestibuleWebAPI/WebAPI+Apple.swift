import Foundation
import VestibuleAPI
import VestibuleApple
import VestibuleHTTP
import VestibuleSite

/// Sign in with Apple for native apps (`docs/api.md`): a nonce first, then what
/// `ASAuthorizationAppleIDCredential` gave the app.
extension WebAPI {
    func installAppleAPIRoutes(on router: inout Router) {
        router.post(APIPath.appleNonce) { request in
            try jsonAPI(request) { call in
                guard let apple = site.services.apple else { throw APIRefusal(status: .notFound, code: "appleDisabled", message: call.text(.appleFailed)) }
                return try .json(AppleNonceReply(nonce: try apple.signIn.issueNativeNonce()))
            }
        }
        router.post(APIPath.appleNative) { request in
            try jsonAPI(request) { call in
                guard let apple = site.services.apple else { throw APIRefusal(status: .notFound, code: "appleDisabled", message: call.text(.appleFailed)) }
                let body = try call.body(NativeAppleRequest.self)
                let outcome = try apple.signIn.signInNative(AppleSignIn.NativeCredential(body.credential))
                switch outcome {
                case .signedIn(let accountID, let created):
                    return try call.signedIn(
                        accountID, method: .apple, delivery: body.sessionDelivery,
                        redirect: created ? SitePath.welcome : "/account"
                    )
                case .linked(let accountID):
                    return try .json(CeremonyReply(accountID: accountID.rawValue, redirect: "/account?notice=apple-linked"))
                case .accountExists(let email, _):
                    // Nothing waits to be linked for an app (there is no browser to bind it to): it asks the person
                    // to sign in to that account with its other method, then to add Apple from the account page
                    // (SIWA-5, never merged silently).
                    throw APIRefusal(
                        status: .conflict, code: "accountExists",
                        message: call.text(.appleLinkNeeded).replacingOccurrences(of: "{email}", with: email)
                    )
                }
            }
        }
    }
}

extension AppleSignIn.NativeCredential {
    /// What the app sent, as Sign in with Apple verifies it.
    init(_ credential: AppleNativeCredential) {
        self.init(
            identityToken: credential.identityToken,
            authorizationCode: credential.authorizationCode,
            nonce: credential.nonce,
            name: credential.name.map { AppleAuthorization.PersonName(firstName: $0.firstName, lastName: $0.lastName) }
        )
    }
}
