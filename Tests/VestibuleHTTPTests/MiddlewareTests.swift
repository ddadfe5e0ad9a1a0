import Synchronization
import Testing
@testable import VestibuleHTTP

@Suite struct MiddlewareTests {
    @Test func chainRunsFirstMiddlewareOutermost() throws {
        let order = Mutex<[String]>([])
        func tracing(_ name: String) -> Middleware {
            Middleware { request, next in
                order.withLock { $0.append("\(name) in") }
                defer { order.withLock { $0.append("\(name) out") } }
                return try next(request)
            }
        }
        let handler = Middleware.chain([tracing("a"), tracing("b")]) { _ in
            order.withLock { $0.append("handler") }
            return .text("ok")
        }
        _ = try handler(try Request(method: .get, target: "/"))
        #expect(order.withLock { $0 } == ["a in", "b in", "handler", "b out", "a out"])
    }

    @Test func middlewareCanAnswerWithoutCallingTheHandler() throws {
        let guardMiddleware = Middleware { _, _ in throw HTTPError(.unauthorized) }
        let handler = guardMiddleware.wrapping { _ in Issue.record("handler ran"); return .text("secret") }
        #expect(throws: HTTPError.self) { try handler(try Request(method: .get, target: "/")) }
    }

    @Test func securityHeadersMiddlewareAddsHeadersButKeepsHandlerChoices() throws {
        let headers = SecurityHeaders(strictTransportSecurity: false)
        let handler = headers.middleware.wrapping { _ in
            var response = Response.text("ok")
            response.headers.add("Content-Security-Policy", "default-src 'none'")
            return response
        }
        let response = try handler(try Request(method: .get, target: "/"))
        #expect(response.headers["Content-Security-Policy"] == "default-src 'none'")
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.headers["X-Frame-Options"] == "DENY")
        #expect(response.headers["Strict-Transport-Security"] == nil)
    }

    /// An element meant for other sites' frames names its framers in its own policy; the older header that
    /// forbids all framing would contradict it, so it is left out for that response alone.
    @Test func aResponseWhosePolicyNamesItsFramersGetsNoFrameDenial() {
        let headers = SecurityHeaders(strictTransportSecurity: false)
        var framable = HTTPHeaders()
        framable.add(
            "Content-Security-Policy",
            SecurityHeaders.contentSecurityPolicy(formActions: [], images: [], frameAncestors: ["'self'", "https://shop.example.com"])
        )
        headers.apply(to: &framable)
        #expect(framable["Content-Security-Policy"]?.hasSuffix("frame-ancestors 'self' https://shop.example.com") == true)
        #expect(framable["X-Frame-Options"] == nil)
        #expect(framable["X-Content-Type-Options"] == "nosniff", "the other headers still apply")

        var unframable = HTTPHeaders()
        unframable.add("Content-Security-Policy", SecurityHeaders.contentSecurityPolicy(formActions: [], images: []))
        headers.apply(to: &unframable)
        #expect(unframable["X-Frame-Options"] == "DENY")
    }

    @Test func strictTransportSecurityOnlyWhenServedOverHTTPS() {
        var headers = HTTPHeaders()
        SecurityHeaders(strictTransportSecurity: true).apply(to: &headers)
        #expect(headers["Strict-Transport-Security"]?.hasPrefix("max-age=") == true)
    }

    @Test func defaultContentSecurityPolicyAllowsNoInlineScriptOrStyle() {
        let policy = SecurityHeaders.defaultContentSecurityPolicy
        #expect(policy.contains("script-src 'self';"))
        #expect(policy.contains("style-src 'self';"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(policy.contains("frame-ancestors 'none'"))
    }
}
