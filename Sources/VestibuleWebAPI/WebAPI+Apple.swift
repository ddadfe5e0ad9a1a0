import Foundation
import VestibuleApple
import VestibuleHTTP
import VestibuleSite

/// Sign in with Apple for native apps (`docs/api.md`): a nonce first, then what
/// `ASAuthorizationAppleIDCredential` gave the app.
extension WebAPI {
    func installAppleAPIRoutes(on router: inout Router) {
        router.post("/api/v1/apple/nonce") { request in
            try jsonAPI(request) { call in
                guard let apple = site.services.apple else { throw APIRefusal(status: .notFound, code: "appleDisabled", message: call.text(.appleFailed)) }
                return try .json(["nonce": try apple.signIn.issueNativeNonce()])
            }
        }
        router.post("/api/v1/apple/native") { request in
            try jsonAPI(request) { call in
                guard let apple = site.services.apple else { throw APIRefusal(status: .notFound, code: "appleDisabled", message: call.text(.appleFailed)) }
                let body = try call.body(NativeAppleRequest.self)
                let outcome = try apple.signIn.signInNative(body.credential)
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

/// The body of `POST /api/v1/apple/native`.
struct NativeAppleRequest: Decodable {
    let credential: AppleSignIn.NativeCredential
    let sessionDelivery: SessionDelivery?
}
