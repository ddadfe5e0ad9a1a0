import Foundation
import VestibuleTesting

/// Runs `body` with the URL of a fresh, empty database on the test process's shared PostgreSQL server, which
/// it also passes (for its password, which output must never show); drops the database afterwards.
func withScratchDatabase<R>(_ body: (_ url: String, _ server: PostgresTestServer) throws -> R) throws -> R {
    let server = try PostgresTestServer.shared
    let name = "app_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
    let url = try server.createDatabase(named: name)
    defer { try? server.dropDatabase(named: name) }
    return try body(url, server)
}
