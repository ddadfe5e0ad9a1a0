import Foundation
import VestibuleHTTP

extension AppleEmulator {
    /// `POST /emulator/native-authorization` (JSON): what an app's `ASAuthorizationAppleIDRequest` asks for.
    struct NativeAuthorizationRequest: Decodable {
        /// A bundle ID (or any client ID) of a registered team: the token's `aud`, the code's `client_id`.
        let clientID: String
        let appleID: String
        /// Copied verbatim into the token, as the app set it; apps send `hex(sha256(rawNonce))`.
        var nonce: String?
        var state: String?
        /// `name`, `email`; both when absent.
        var scopes: [String]?
        /// The name the user confirms on the sheet (John Appleseed when absent).
        var firstName: String?
        var lastName: String?
        /// Hide My Email on the sheet.
        var hideEmail: Bool?
    }

    /// The answer: the members of `ASAuthorizationAppleIDCredential`, email and full name on a first
    /// authorization only.
    struct NativeCredential: Encodable {
        struct FullName: Encodable {
            let givenName: String
            let familyName: String
        }

        /// Equal to the token's `sub`.
        let user: String
        let state: String?
        let authorizedScopes: [String]
        /// Single use, five minutes; exchanged with `client_id` = the bundle ID and no `redirect_uri`.
        let authorizationCode: String
        let identityToken: String
        let email: String?
        let fullName: FullName?
        /// 2: likely a real user.
        let realUserStatus = 2
    }

    func nativeAuthorization(_ request: Request) throws -> Response {
        let body = try request.decodeJSON(NativeAuthorizationRequest.self)
        guard let client = client(for: body.clientID) else {
            throw HTTPError(.badRequest, "No registered client has the client ID \(body.clientID).")
        }
        guard Self.isPlausibleAppleID(body.appleID) else {
            throw HTTPError(.badRequest, "appleID must be the email address of an Apple ID.")
        }
        let scopes = body.scopes ?? ["name", "email"]
        let name = PersonName(
            firstName: body.firstName ?? ConsentPage.sampleName.firstName,
            lastName: body.lastName ?? ConsentPage.sampleName.lastName
        )
        let (authorization, isNew) = authorize(
            AppleIDKey(teamID: client.teamID, appleID: body.appleID),
            name: scopes.contains("name") ? name : nil,
            email: scopes.contains("email") ? (hide: body.hideEmail ?? false, address: body.appleID) : nil
        )
        let now = clock()
        let code = issueCode(for: authorization, clientID: body.clientID, redirectURI: nil, nonce: body.nonce, now: now)
        let occasion = IdentityTokenClaims.Occasion.authorization(code: code, nonce: body.nonce, authTime: now, native: true)
        let credential = NativeCredential(
            user: authorization.subject,
            state: body.state,
            authorizedScopes: scopes,
            authorizationCode: code,
            identityToken: try identityToken(authorization, audience: body.clientID, now: now, occasion),
            email: isNew ? authorization.email : nil,
            fullName: isNew ? authorization.name.map { NativeCredential.FullName(givenName: $0.firstName, familyName: $0.lastName) } : nil
        )
        logger.info("authorized a native app", ["client_id": body.clientID, "sub": authorization.subject, "first": "\(isNew)"])
        return AppleJSON.response(credential)
    }
}
