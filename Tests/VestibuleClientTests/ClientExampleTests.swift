import Foundation
import Testing
import VestibuleClient
import VestibuleTesting

// docs/client.md example: begin
/// An API of your own beside Vestibule: who is calling, from the request's `Authorization` or Vestibule's cookie.
struct OrdersAPI {
    let authenticator: RequestAuthenticator

    init(vestibule: VestibuleClient) {
        // Tokens for this API name it as their audience; Vestibule's keys are fetched once, then cached.
        let verifier = AccessTokenVerifier(client: vestibule, audience: "https://api.shop.example")
        authenticator = RequestAuthenticator(client: vestibule, verifier: verifier)
    }

    /// `GET /orders`: the status and body to answer with.
    func orders(authorization: String?, cookie: String?) -> (status: Int, body: String) {
        do {
            let person = try authenticator.authenticate(authorization: authorization, cookie: cookie)
            return (200, "the orders of \(person.accountID)")
        } catch {
            return (error.status, error.code.description)
        }
    }
}

/// The app's side: with the session token its sign-in gave, an access token for the API, then the call.
func callOrders(_ api: OrdersAPI, vestibule: VestibuleClient, sessionToken: String) throws -> (status: Int, body: String) {
    let token = try vestibule.accessToken(sessionToken: sessionToken, audience: "https://api.shop.example")
    return api.orders(authorization: "Bearer \(token.accessToken)", cookie: nil)
}
// docs/client.md example: end

/// The example of `docs/client.md` runs against a real `vestibule serve`, and is the code of this file.
@Suite struct ClientExampleTests {
    @Test func theDocumentedExampleAnswersTheSignedInPersonAndRefusesEveryoneElse() throws {
        let vestibule = try LiveVestibule()
        let client = VestibuleClient(origin: vestibule.origin)
        let signedIn = try vestibule.signInWithApple(as: "ada@icloud.example", through: client)
        let session = try #require(signedIn.sessionToken)
        let api = OrdersAPI(vestibule: client)

        #expect(try callOrders(api, vestibule: client, sessionToken: session) == (200, "the orders of \(signedIn.accountID)"))
        #expect(api.orders(authorization: nil, cookie: "\(client.sessionCookieName)=\(session)").status == 200)
        #expect(api.orders(authorization: nil, cookie: nil) == (401, "signInRequired"))
        let forVestibule = try client.accessToken(sessionToken: session).accessToken
        #expect(api.orders(authorization: "Bearer \(forVestibule)", cookie: nil) == (401, "invalidToken"),
                "a token for another API")
    }

    @Test func docsClientMDShowsExactlyTheCodeThatRunsHere() throws {
        let here = URL(fileURLWithPath: #filePath)
        let docs = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/client.md")
        let documented = try Self.lines(of: String(contentsOf: docs, encoding: .utf8), from: "```swift", to: "```",
                                        after: "<!-- The example below is Tests/VestibuleClientTests/ClientExampleTests.swift's code. -->")
        let tested = try Self.lines(of: String(contentsOf: here, encoding: .utf8), from: "// docs/client.md example: begin",
                                    to: "// docs/client.md example: end")
        #expect(!tested.isEmpty)
        #expect(documented == tested, "copy the marked region of this file into docs/client.md's example, or back")
    }

    /// The lines strictly between the line `start` and the next line `end`, after the line `anchor` when given.
    static func lines(of text: String, from start: String, to end: String, after anchor: String? = nil) throws -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        if let anchor {
            guard let found = lines.firstIndex(where: { $0 == anchor }) else { throw TestFailure("no line \(anchor)") }
            lines = lines[(found + 1)...]
        }
        guard let first = lines.firstIndex(where: { $0 == start }),
              let last = lines[(first + 1)...].firstIndex(where: { $0 == end })
        else { throw TestFailure("no \(start) … \(end)") }
        return Array(lines[(first + 1)..<last])
    }
}
