import Testing
import VestibuleLogging
@testable import VestibuleHTTP

@Suite struct RouterTests {
    private func request(_ method: HTTPMethod, _ target: String) throws -> Request {
        try Request(method: method, target: target)
    }

    private var router: Router {
        var router = Router()
        router.get("/") { _ in .text("home") }
        router.get("/accounts/:id/sessions/:sid") { request in
            .text("\(request.pathParameters["id"] ?? "-") \(request.pathParameters["sid"] ?? "-")")
        }
        router.get("/accounts/new") { _ in .text("new account form") }
        router.get("/accounts/:id") { request in .text("account \(request.pathParameters["id"] ?? "-")") }
        router.post("/accounts") { _ in .empty(.created) }
        router.delete("/accounts/:id") { _ in .empty() }
        return router
    }

    @Test func pathParametersAreCaptured() throws {
        let response = router.respond(to: try request(.get, "/accounts/42/sessions/abc"))
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self) == "42 abc")
    }

    @Test func pathParametersArePercentDecoded() throws {
        let response = router.respond(to: try request(.get, "/accounts/J%C3%BCrgen"))
        #expect(String(decoding: response.body, as: UTF8.self) == "account Jürgen")
    }

    /// Found by `Fuzz/` (`Fuzz/Corpus/request-target/regression-combining-slash`): `/` followed by a combining mark
    /// (U+032C) is one Character, and splitting by Character captured `42/\u{32C}x` as one segment.
    @Test func aSlashBeforeACombiningMarkStillSeparatesSegments() throws {
        #expect(router.respond(to: try request(.get, "/accounts/42/%CC%ACx")).status == .notFound)
        let split = router.respond(to: try request(.get, "/accounts/42/sessions/%CC%ACx"))
        #expect(String(decoding: split.body, as: UTF8.self) == "42 \u{32C}x")
        let captured = router.respond(to: try request(.get, "/accounts/%CC%AC42"))
        #expect(String(decoding: captured.body, as: UTF8.self) == "account \u{32C}42")
    }

    @Test func literalRouteWinsOverParameterRoute() throws {
        let response = router.respond(to: try request(.get, "/accounts/new"))
        #expect(String(decoding: response.body, as: UTF8.self) == "new account form")
    }

    @Test(arguments: ["/nowhere", "/accounts/42/extra/segments/here", "/accounts/", "/accounts//sessions/x"])
    func unknownPathIsNotFound(target: String) throws {
        #expect(router.respond(to: try request(.get, target)).status == .notFound)
    }

    @Test func knownPathWithWrongMethodIsMethodNotAllowedWithAllow() throws {
        let response = router.respond(to: try request(.put, "/accounts/42"))
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "DELETE, GET, HEAD")
    }

    @Test func headIsServedByGetWithoutBody() throws {
        let response = router.respond(to: try request(.head, "/accounts/7"))
        #expect(response.status == .ok)
        #expect(response.body.isEmpty)
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
    }

    @Test func laterRegistrationReplacesHandlerForSameMethodAndPattern() throws {
        var router = self.router
        router.get("/") { _ in .text("replaced") }
        #expect(String(decoding: router.respond(to: try request(.get, "/")).body, as: UTF8.self) == "replaced")
    }

    @Test func thrownHTTPErrorBecomesItsStatusMessageAndHeaders() throws {
        var router = Router()
        router.post("/limited") { _ in throw HTTPError(.tooManyRequests, "Slow down.", headers: ["Retry-After": "30"]) }
        let response = router.respond(to: try request(.post, "/limited"))
        #expect(response.status == .tooManyRequests)
        #expect(String(decoding: response.body, as: UTF8.self) == "Slow down.\n")
        #expect(response.headers["Retry-After"] == "30")
    }

    @Test func unexpectedErrorBecomesGeneric500WithRequestID() throws {
        struct DatabaseExploded: Error { let secret = "connection string with password" }
        var router = Router()
        router.get("/boom") { _ in throw DatabaseExploded() }
        let request = try Request(id: RequestID("req123"), method: .get, target: "/boom")
        let response = router.respond(to: request)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(response.status == .internalServerError)
        #expect(text.contains("req123"))
        #expect(!text.contains("password"))
        #expect(!text.contains("DatabaseExploded"))
    }

    @Test func routerWithLoggerLogsUnexpectedErrorsItAnswers() throws {
        struct StoreUnavailable: Error {}
        let log = LogCapture()
        var router = Router(logger: Logger(label: "router", sink: log.sink))
        router.get("/") { _ in throw StoreUnavailable() }
        let response = router.respond(to: try Request(id: RequestID("abc"), method: .get, target: "/"))
        #expect(response.status == .internalServerError)
        #expect(log.text.contains("handler failed request_id=abc error=StoreUnavailable"))
    }

    @Test func anOutageIsAnswered503WithRetryAfterAndLoggedAndOtherFailuresOfItsKindStay500() throws {
        struct DatabaseDown: UnavailabilityError { let makesServiceUnavailable: Bool }
        let log = LogCapture()
        var router = Router(logger: Logger(label: "router", sink: log.sink))
        router.get("/down") { _ in throw DatabaseDown(makesServiceUnavailable: true) }
        router.get("/corrupt") { _ in throw DatabaseDown(makesServiceUnavailable: false) }
        let down = router.respond(to: try Request(id: RequestID("out1"), method: .get, target: "/down"))
        #expect(down.status == .serviceUnavailable)
        #expect(down.headers["Retry-After"] == "5")
        #expect(String(decoding: down.body, as: UTF8.self).contains("out1"))
        #expect(log.text.contains("service unavailable request_id=out1 error=DatabaseDown"))
        let corrupt = router.respond(to: try Request(id: RequestID("out2"), method: .get, target: "/corrupt"))
        #expect(corrupt.status == .internalServerError)
    }

    @Test func handleThrowsNotFoundForTheServerToAnswer() throws {
        #expect(throws: HTTPError.self) { try Router().handle(try request(.get, "/")) }
    }
}
