public import VestibuleHTTPClient
import VestibuleHTTP

extension AppleServer {
    /// The transport over `client`: GETs as they are, POSTs as forms, Apple's answer as status and body.
    public static func transport(over client: HTTPClient) -> @Sendable (Request) throws -> Reply {
        { request in
            let response = request.method == "GET"
                ? try client.get(request.url)
                : try client.postForm(request.url, fields: URLEncodedFields(request.form))
            return Reply(status: response.status, body: response.body)
        }
    }
}
