import Foundation
import Testing
@testable import VestibuleHTTP

@Suite struct KeepAliveTests {
    static let curl = ["/usr/bin/curl", "/usr/local/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: curl != nil, "curl is not installed"))
    func curlReusesOneConnectionForTwoRequests() throws {
        try withServer { server in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(Self.curl))
            let url = "http://127.0.0.1:\(server.port)/"
            process.arguments = ["-sv", "--max-time", "5", url, url]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            try process.run()
            let trace = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(trace.contains("Re-using existing connection"))
            #expect(!trace.lowercased().contains("connection: close"))
        }
    }
}
