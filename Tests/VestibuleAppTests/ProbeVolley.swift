import Foundation
import Synchronization
import VestibuleAppTesting

/// GETs sent through the load balancer one after another, each from its own thread, without waiting for the
/// answers: round-robin hands every other one to each instance, and one handed to a frozen instance stays
/// in flight there until that instance answers or dies.
final class ProbeVolley: Sendable {
    private let exchanges = Mutex<[SocketBrowser.Exchange]>([])
    private let group = DispatchGroup()

    /// Sends `count` GETs of `target` to 127.0.0.1:`port`, 20 ms apart so that nginx takes them in order.
    init(count: Int, port: Int, origin: String, target: String) {
        for index in 0..<count {
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                let browser = SocketBrowser(port: port, origin: origin, source: "127.0.0.3", name: "probe\(index)")
                let exchange = browser.get(target)
                exchanges.withLock { $0.append(exchange) }
            }
            Thread.sleep(forTimeInterval: 0.02)  // pacing, not synchronisation: nginx takes them in this order
        }
    }

    /// Every probe, once all have their answer (or have failed).
    func answers() -> [SocketBrowser.Exchange] {
        group.wait()
        return exchanges.withLock { $0 }
    }
}
