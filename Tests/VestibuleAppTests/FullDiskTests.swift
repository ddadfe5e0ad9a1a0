import Foundation
import Testing
import VestibuleAppTesting
import VestibuleHTTP
import VestibuleHTTPClient
import VestibuleJSON
import VestibuleTesting

/// A real `vestibule serve` whose data folder is on a small disk that fills up (`docs/reliability.md`): writes
/// are refused with 503 and `Retry-After` and logged, never a 500; what was written stays readable and signed-in
/// people stay signed in; once space returns, writes go through again, and the database is intact.
@Suite(.serialized, .enabled(if: TmpfsMount.isPossible, "needs root and a container that allows mounting a tmpfs"))
struct FullDiskTests {
    @Test func onAFullDiskWritesAre503ReadsGoOnAndWritesResumeWhenSpaceReturns() throws {
        let scratch = try ScratchDirectory(prefix: "vestibule-full-disk")
        let disk = try TmpfsMount(at: scratch.path + "/disk", megabytes: 24)
        let vestibule = try DevelopmentVestibule(folder: disk.path, arguments: ["--log-level", "warning"])
        defer { vestibule.stop() }
        let person = SocketBrowser(port: vestibule.process.port, origin: vestibule.origin, name: "person")
        try person.createPasswordAccount(
            email: "ada@example.com", password: "correct horse battery staple", dataDirectories: [vestibule.dataDirectory]
        )
        let api = JSONCaller(origin: vestibule.origin)
        let guest = try #require(try api.send(.post, "/api/v1/guests", "{}").json["guestToken"]?.stringValue)
        var version = 0
        func write(_ number: Int) throws -> HTTPClientResponse {
            // Large enough that a few fill whatever room the database's files have left.
            let body = #"{"number": \#(number), "padding": "\#(String(repeating: "x", count: 60_000))"}"#
            let precondition = version == 0 ? ["If-None-Match": "*"] : ["If-Match": "\"\(version)\""]
            let reply = try api.send(.put, "/api/v1/documents/notes", body, bearer: guest, headers: precondition)
            if reply.status == 200 || reply.status == 201 { version += 1 }
            return reply
        }
        #expect(try write(1).status == 201)

        let filler = try disk.fill()
        var refused: HTTPClientResponse?
        for number in 2...40 where refused == nil {
            let reply = try write(number)
            #expect([200, 503].contains(reply.status), "a write is done or refused, never a \(reply.status)")
            if reply.status == 503 { refused = reply }
        }
        let refusal = try #require(refused, "the full disk refused a write")
        #expect(refusal.headers["Retry-After"] == "5")
        #expect(refusal.json["error"]?.stringValue == "unavailable")
        #expect(eventually { vestibule.process.log.contains("service unavailable") }, "the operator is told")
        let newcomer = SocketBrowser(port: vestibule.process.port, origin: vestibule.origin, name: "newcomer")
        #expect(newcomer.get("/sign-up").status == 200)
        let signUp = newcomer.post("/sign-up", ["email": "grace@example.com", "password": "another long passphrase"])
        #expect(signUp.status == 503, "a sign-up is a write too")
        #expect(signUp.text.contains("try again shortly"), "a sentence that says to try again, not a stack trace")
        #expect(signUp.response?.header("Retry-After") == "5")

        // Reads go on: the last acknowledged version, the person's session, the probes.
        let stored = try api.send(.get, "/api/v1/documents/notes", bearer: guest)
        #expect(stored.status == 200 && stored.headers["ETag"] == "\"\(version)\"")
        #expect(person.get("/api/v1/session").status == 200)
        #expect(person.get("/account").status == 200)

        try FileManager.default.removeItem(atPath: filler)
        let resumed = try write(100)
        #expect(resumed.status == 200, "space is back: writes go through")
        #expect(try api.send(.get, "/api/v1/documents/notes", bearer: guest).json["number"]?.intValue == 100)

        #expect(vestibule.process.stop() == 0)
        let check = try HelperCommand.run("/usr/bin/sqlite3", [vestibule.dataDirectory + "/vestibule.sqlite3", "PRAGMA integrity_check;"])
        #expect(check.output.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
    }
}

/// JSON API calls over HTTP, as an app's server makes them.
private struct JSONCaller {
    let origin: String
    let http = HTTPClient(userAgent: "full-disk-tests")

    func send(
        _ method: HTTPMethod, _ path: String, _ body: String? = nil, bearer: String? = nil, headers: [String: String] = [:]
    ) throws -> HTTPClientResponse {
        var fields = HTTPHeaders()
        if body != nil { fields.replace("Content-Type", "application/json") }
        if let bearer { fields.replace("Authorization", "Bearer \(bearer)") }
        for (name, value) in headers { fields.replace(name, value) }
        return try http.send(HTTPClientRequest(method: method, url: origin + path, headers: fields, body: Array((body ?? "").utf8)))
    }
}

extension HTTPClientResponse {
    fileprivate var json: JSONValue { JSONValue(parsing: body) ?? .null }
}
