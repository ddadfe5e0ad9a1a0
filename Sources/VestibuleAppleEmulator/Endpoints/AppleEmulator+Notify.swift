import Foundation
import VestibuleCrypto
import VestibuleHTTP
import VestibuleHTTPClient

extension AppleEmulator {
    /// `POST /emulator/notify` (JSON): what the user does in their Apple ID settings, which Apple reports to the
    /// team's notification endpoint.
    struct NotificationRequest: Decodable {
        /// `email-disabled`, `email-enabled`, `consent-revoked` or `account-delete`.
        let type: String
        let sub: String
        /// The client ID the notification is addressed to (its `aud`); its team's `notificationURL` receives it.
        let clientID: String
    }

    /// The notification JWT's claims, those of Apple's (vectors V03, V07).
    struct NotificationClaims: Encodable {
        let iss: String
        let aud: String
        let exp: Int
        let iat: Int
        let jti: String
        /// The event as a JSON-encoded string, not an object: Apple's documentation shows an object, its
        /// servers send a string.
        let events: String
    }

    struct NotificationEvent: Encodable {
        let type: String
        let sub: String
        /// Milliseconds since 1970.
        let event_time: Int64
        /// The relay address, for the two email events.
        var email: String?
        /// The string `"true"`, for the two email events.
        var is_private_email: String?
    }

    /// What the emulator answers: the relying party's status, and the notification's `jti`.
    struct NotificationDelivery: Encodable {
        let status: Int
        let jti: String
    }

    private static let notificationTypes: Set = ["email-disabled", "email-enabled", "consent-revoked", "account-delete"]

    /// Signs the notification, ends the authorization for `consent-revoked` and `account-delete`, POSTs
    /// `{"payload":"<JWS>"}` to the team's `notificationURL`, and answers with the status that endpoint gave
    /// (502 when it could not be reached).
    func notify(_ request: Request) throws -> Response {
        let body = try request.decodeJSON(NotificationRequest.self)
        guard Self.notificationTypes.contains(body.type) else {
            throw HTTPError(.badRequest, "type must be one of \(Self.notificationTypes.sorted().joined(separator: ", ")).")
        }
        guard let client = client(for: body.clientID) else {
            throw HTTPError(.badRequest, "No registered client has the client ID \(body.clientID).")
        }
        guard let url = client.notificationURL else {
            throw HTTPError(.conflict, "The team of \(body.clientID) has no notificationURL.")
        }
        guard let appleID = state.withLock({ $0.subjects[body.sub] }), appleID.teamID == client.teamID else {
            throw HTTPError(.notFound, "The team of \(body.clientID) has never seen the sub \(body.sub).")
        }
        if body.type == "consent-revoked" || body.type == "account-delete" {
            state.withLock { $0.revokeAuthorization(of: appleID) }
        }
        let now = clock()
        let isEmailEvent = body.type.hasPrefix("email-")
        let event = NotificationEvent(
            type: body.type, sub: body.sub, event_time: Int64(now.timeIntervalSince1970 * 1000),
            email: isEmailEvent ? derivation.relayAddress(of: appleID) : nil, is_private_email: isEmailEvent ? "true" : nil
        )
        let iat = Int(now.timeIntervalSince1970)
        let claims = NotificationClaims(
            iss: issuer, aud: body.clientID, exp: iat + 86_400, iat: iat, jti: SecureRandom.token(byteCount: 16),
            events: String(decoding: AppleJSON.encode(event), as: UTF8.self)
        )
        let payload = AppleJSON.encode(["payload": try keys.sign(AppleJSON.encode(claims))])
        let delivered: HTTPClientResponse
        do {
            delivered = try notifier.postJSON(url, body: payload)
        } catch {
            logger.warning("could not deliver a notification", ["type": body.type, "error": error.description])
            throw HTTPError(.init(code: 502, reasonPhrase: "Bad Gateway"), "The notification could not be delivered: \(error.message)")
        }
        logger.info("delivered a notification", ["type": body.type, "status": "\(delivered.status)", "jti": claims.jti])
        let status = HTTPStatus(code: delivered.status, reasonPhrase: "Notification delivered")
        // 204 and 304 have no body by definition; any other status carries the details.
        guard delivered.status != 204, delivered.status != 304 else { return Response(status: status) }
        var response = AppleJSON.response(NotificationDelivery(status: delivered.status, jti: claims.jti), status: status)
        response.headers.replace("Content-Type", "application/json")
        return response
    }
}
