import Foundation
import VestibuleAPI

/// The signed-in person behind a request to an app's own server, for any Swift server framework: hand it the
/// request's `Authorization` and `Cookie` values, get the person or the refusal to answer with.
///
/// - `Authorization: Bearer eyJ…` (an access token, from `POST /api/v1/token`): checked offline with the
///   ``AccessTokenVerifier``; Vestibule is not asked.
/// - `Authorization: Bearer <session token>` (a native app's, or a hand-off's): `GET /api/v1/session`.
/// - Vestibule's session cookie (a server on Vestibule's own site, where the browser sends it): the same call,
///   with that one cookie and none of the app's own.
///
/// A guest's token (`vg_…`) names no one signed in. A failure to reach Vestibule refuses (503), never admits.
public struct RequestAuthenticator: Sendable {
    let client: VestibuleClient
    let verifier: AccessTokenVerifier

    public init(client: VestibuleClient, verifier: AccessTokenVerifier) {
        self.client = client
        self.verifier = verifier
    }

    /// The person `authorization` or `cookie` proves.
    ///
    /// - Parameters:
    ///   - authorization: the request's `Authorization` header value, if any.
    ///   - cookie: the request's `Cookie` header value, if any.
    /// - Throws: ``RequestRefusal``, whose ``RequestRefusal/status`` and ``RequestRefusal/wwwAuthenticate`` make
    ///   the answer.
    public func authenticate(authorization: String?, cookie: String?) throws(RequestRefusal) -> SignedInPerson {
        if let token = Self.bearerToken(authorization) {
            guard !Self.isAccessToken(token) else {
                do {
                    return SignedInPerson(accessToken: try verifier.verify(token))
                } catch {
                    if error.code == .keysUnavailable { throw RequestRefusal(.unavailable, error.description) }
                    throw RequestRefusal(.invalidToken, error.description)
                }
            }
            guard !token.hasPrefix("vg_") else { throw RequestRefusal(.signInRequired, "a guest's token") }
            return try person(.token(token))
        }
        if let value = Self.cookie(named: client.sessionCookieName, in: cookie) {
            return try person(.cookie(value))
        }
        throw RequestRefusal(.signInRequired, "no credential")
    }

    private func person(_ credential: SessionCredential) throws(RequestRefusal) -> SignedInPerson {
        let session: SessionReply?
        do {
            session = try client.session(credential)
        } catch {
            throw RequestRefusal(.unavailable, error.description)
        }
        guard let session else { throw RequestRefusal(.signInRequired, "the session has ended") }
        return SignedInPerson(session: session)
    }

    /// The token of `Bearer <token>` (the scheme in any case, RFC 7235 §2.1).
    static func bearerToken(_ authorization: String?) -> String? {
        guard let authorization, authorization.count > 7, authorization.prefix(7).lowercased() == "bearer " else {
            return nil
        }
        let token = authorization.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// A compact JWS (three segments): session and guest tokens are one opaque segment.
    static func isAccessToken(_ token: String) -> Bool {
        token.utf8.filter { $0 == UInt8(ascii: ".") }.count == 2
    }

    /// The value of the cookie `name` in a `Cookie` header value (`a=1; b=2`).
    static func cookie(named name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }
}
