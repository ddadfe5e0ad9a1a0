import Foundation
import Synchronization
import VestibuleAppTesting
import VestibuleTesting

/// Threads that each play one person after another against a running Vestibule until stopped, each person in a
/// browser of its own on a loopback address of its own (`127.<block + worker>.x.y`), as many clients would be,
/// so that the per-address rate limits count each apart. The load of the crash and backup tests.
final class PersonThreads: Sendable {
    private let site: DevelopmentVestibule
    private let addressBlock: Int
    private let running = Atomic<Bool>(true)
    private let group = DispatchGroup()

    init(site: DevelopmentVestibule, addressBlock: Int) {
        self.site = site
        self.addressBlock = addressBlock
    }

    /// Whether the threads should go on; a person with several steps checks it between them.
    var isRunning: Bool { running.load(ordering: .relaxed) }

    /// Starts `workers` threads; `play` acts out person number `person` (from 1) of thread `worker`.
    func start(workers: Int, play: @escaping @Sendable (_ worker: Int, _ person: Int, SocketBrowser) -> Void) {
        for worker in 0..<workers {
            // Entered here, not in the thread: `stop()` must wait even for a thread that has not run yet.
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                var person = 0
                while isRunning {
                    person += 1
                    let browser = SocketBrowser(
                        port: site.process.port, origin: site.origin,
                        source: "127.\(addressBlock + worker).\(person / 250).\(person % 250 + 1)",
                        name: "w\(worker)-\(person)"
                    )
                    play(worker, person, browser)
                }
            }
        }
    }

    /// Stops the threads once each has finished its person, and waits for them.
    func stop() {
        running.store(false, ordering: .relaxed)
        group.wait()
    }
}
