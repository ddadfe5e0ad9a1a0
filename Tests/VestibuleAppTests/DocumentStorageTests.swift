import Foundation
import Testing
import VestibuleAppTesting
import VestibuleHTTP

/// What one client address must not be able to do to the database with guests and their documents: make it grow
/// as fast as it can send, or without bound.
@Suite struct DocumentStorageTests {
    /// Guests cost nothing to make, so the writes are what is counted, per client address.
    @Test func documentWritesFromOneAddressAreLimitedWith429() throws {
        let app = try TestApplication()
        defer { app.application.shutdown() }
        var statuses: [Int] = []
        for round in 0..<7 {
            let (guest, _) = try APIClient(app: app).newGuest()
            for index in 0..<10 { statuses.append(try guest.put("doc\(round)-\(index)", "[]").status.code) }
        }
        #expect(statuses.filter { $0 == 201 }.count == 60, "sixty writes a minute")
        #expect(statuses.suffix(10) == Array(repeating: 429, count: 10))
        let (reader, _) = try APIClient(app: app).newGuest()
        #expect(try reader.get("/api/v1/documents").status == .ok, "reading is not writing")
    }

    @Test func writesBeyondTheStorageQuotaAreRefusedWith507AndASentence() throws {
        let app = try TestApplication { $0.documentStorageBytes = 1_000 }
        defer { app.application.shutdown() }
        let body = "\"\(String(repeating: "x", count: 398))\""  // 400 bytes
        var statuses: [Int] = []
        for _ in 0..<3 {
            let (guest, _) = try APIClient(app: app).newGuest()
            statuses.append(try guest.put("cart", body).status.code)
        }
        #expect(statuses == [201, 201, 507])
        let (guest, _) = try APIClient(app: app).newGuest()
        let full = try guest.put("cart", body)
        #expect(full.status.code == 507 && full.error == "storageFull")
        #expect(full.json["message"]?.stringValue?.isEmpty == false)
    }
}
