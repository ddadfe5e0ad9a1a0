import Foundation
import Synchronization
import VestibuleCore
import VestibuleHTTP

/// Routes for machines rather than people: liveness, readiness, and the published signing keys.
struct OperationsRoutes: Sendable {
    let store: any Store
    let signingKeys: SigningKeys
    /// Set once shutdown begins, so load balancers stop sending new work before the listener closes.
    let draining: Draining

    func install(on router: inout Router) {
        // Liveness: the process answers. Touches nothing else, so it is also the benchmark's target.
        router.get("/healthz") { _ in .text("ok") }
        router.get("/readyz") { _ in
            guard !draining.isDraining else { return .text("shutting down", status: .serviceUnavailable) }
            do {
                _ = try store.schemaVersion()
                return .text("ready")
            } catch {
                return .text("database unavailable", status: .serviceUnavailable)
            }
        }
        router.get("/.well-known/jwks.json") { _ in
            var response = try Response.json(signingKeys.jwks())
            response.headers.replace("Cache-Control", "public, max-age=300")
            return response
        }
    }
}

/// A flag raised once when the server starts shutting down.
final class Draining: Sendable {
    private let flag = Atomic<Bool>(false)

    var isDraining: Bool { flag.load(ordering: .relaxed) }

    func begin() { flag.store(true, ordering: .relaxed) }
}
