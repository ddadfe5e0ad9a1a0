import Foundation
import VestibuleAPI
import VestibuleHTTP
import VestibuleHTTPClient

extension VestibuleClient {
    /// Sends one call and returns Vestibule's answer when it is a success or a refusal the caller handles
    /// (`handled`); everything else becomes the error that says what happened.
    func send(
        _ method: HTTPMethod,
        _ path: String,
        bearer: String? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8]? = nil,
        handled: Set<Int> = []
    ) throws(VestibuleClientError) -> HTTPClientResponse {
        let call = "\(method) \(path)"
        var headers = headers
        headers.replace("Accept", "application/json")
        if let bearer { headers.replace("Authorization", "Bearer \(bearer)") }
        if body != nil, headers["Content-Type"] == nil { headers.replace("Content-Type", "application/json") }
        if let appKey {
            headers.replace(APIHeader.appKey, appKey)
            if let visitorAddress { headers.replace(APIHeader.clientAddress, visitorAddress) }
        }
        let response: HTTPClientResponse
        do {
            response = try transport.send(
                HTTPClientRequest(method: method, url: origin + path, headers: headers, body: body ?? [])
            )
        } catch {
            throw VestibuleClientError(.unreachable, call: "\(call): \(error.code)")
        }
        if (200..<300).contains(response.status) { return response }
        let failure = failure(of: response, call: call)
        // A 401 the caller expects means a session or guest that ended, never a wrong app key.
        if handled.contains(response.status), failure.apiError != .invalidAppKey { return response }
        throw failure
    }

    /// Sends `body` as JSON and decodes the documented reply.
    func exchange<Reply: Decodable>(
        _ method: HTTPMethod, _ path: String, _ body: some Encodable, bearer: String? = nil, as reply: Reply.Type
    ) throws(VestibuleClientError) -> Reply {
        let call = "\(method) \(path)"
        let response = try send(method, path, bearer: bearer, body: try encode(body, call: call))
        return try decode(reply, from: response, call: call)
    }

    /// The error for an answer the caller did not expect, keeping Vestibule's `error` code.
    func failure(of response: HTTPClientResponse, call: String) -> VestibuleClientError {
        let refusal = try? JSONDecoder().decode(APIErrorReply.self, from: Data(response.body))
        let code: VestibuleClientError.Code =
            switch response.status {
            // The app's configuration, not the visitor's session: never "forget the cookies and retry".
            case 401 where refusal?.error == .invalidAppKey || refusal?.error == .appKeyRequired: .refused
            case 401: .signInRequired
            case 404: .notFound
            case 412: .versionMismatch
            case 400..<500: .refused
            default: .unexpectedReply
            }
        let currentVersion = code == .versionMismatch
            ? (try? JSONDecoder().decode(VersionMismatchReply.self, from: Data(response.body)))?.currentVersion
            : nil
        return VestibuleClientError(
            code, call: call, status: response.status, apiError: refusal?.error, currentVersion: currentVersion
        )
    }

    /// `body` as the JSON the API documents.
    func decode<Value: Decodable>(
        _ type: Value.Type, from response: HTTPClientResponse, call: String
    ) throws(VestibuleClientError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(response.body))
        } catch {
            throw VestibuleClientError(
                .unexpectedReply, call: "\(call): the reply is not the documented JSON", status: response.status
            )
        }
    }

    /// `value` as a JSON request body.
    func encode(_ value: some Encodable, call: String) throws(VestibuleClientError) -> [UInt8] {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return Array(try encoder.encode(value))
        } catch {
            throw VestibuleClientError(.invalidRequest, call: "\(call): the body cannot be put into JSON")
        }
    }
}
