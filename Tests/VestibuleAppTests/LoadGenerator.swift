import Foundation
import Synchronization
import VestibuleTesting

/// Threads that send requests as fast as the server answers, one connection per request, until stopped.
/// A response is counted as truncated when the server accepted the request (a status line arrived, or the
/// request was fully sent and nothing came back before the connection closed mid-way) but did not finish it.
final class LoadGenerator: Sendable {
    struct Result: CustomStringConvertible {
        var completed = 0
        var refused = 0
        var truncated = 0
        var description: String { "completed \(completed), refused \(refused), truncated \(truncated)" }
    }

    private let port: Int
    private let cookies: [String]
    private let running = Atomic<Bool>(true)
    private let result = Mutex(Result())
    private let group = DispatchGroup()

    init(port: Int, cookies: [String]) {
        self.port = port
        self.cookies = cookies
    }

    func start(workers: Int) {
        for worker in 0..<workers {
            // Entered here, not in the thread: `finish()` must wait even for a thread that has not run yet.
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                var index = worker
                while running.load(ordering: .relaxed) {
                    index += workers
                    record(send(target: index % 3 == 0 ? "/healthz" : "/account", cookie: cookies[index % cookies.count]))
                }
            }
        }
    }

    /// Requests answered in full so far; safe to call while the threads run.
    var completedSoFar: Int { result.withLock { $0.completed } }

    func finish() -> Result {
        running.store(false, ordering: .relaxed)
        group.wait()
        return result.withLock { $0 }
    }

    private enum Outcome { case completed, refused, truncated }

    private func send(target: String, cookie: String) -> Outcome {
        guard let connection = try? RawConnection(port: port, timeout: 10) else { return .refused }
        do {
            try connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\nCookie: \(cookie)\r\nConnection: close\r\n\r\n")
        } catch {
            return .refused  // the listener closed before the request could be sent: never accepted
        }
        do {
            guard let response = try connection.readResponse() else {
                // Closed without a byte: a connection that sat in the listen backlog when the listener closed.
                return .refused
            }
            let length = response.header("Content-Length").flatMap(Int.init) ?? response.body.count
            return response.body.count == length && [200, 303, 503].contains(response.status) ? .completed : .truncated
        } catch {
            return .truncated
        }
    }

    private func record(_ outcome: Outcome) {
        result.withLock {
            switch outcome {
            case .completed: $0.completed += 1
            case .refused: $0.refused += 1
            case .truncated: $0.truncated += 1
            }
        }
    }
}
