import Synchronization
import VestibuleClient
import VestibuleHTTPClient

/// The real libcurl transport, counting the requests for each path: how a test sees that the verifier fetched
/// the keys, and how often.
final class CountingTransport: VestibuleTransport {
    private let counts = Mutex<[String: Int]>([:])

    func send(_ request: HTTPClientRequest) throws(HTTPClientError) -> HTTPClientResponse {
        let path = request.url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }
        counts.withLock { $0[String(path), default: 0] += 1 }
        return try HTTPClient.standard.send(request)
    }

    func count(of path: String) -> Int { counts.withLock { $0[path] ?? 0 } }
}
