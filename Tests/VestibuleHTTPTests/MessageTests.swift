import Testing
@testable import VestibuleHTTP

@Suite struct MessageTests {
    @Test func headerNamesAreCaseInsensitiveAndOrderIsKept() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain"]
        headers.add("set-cookie", "a=1")
        headers.add("Set-Cookie", "b=2")
        #expect(headers["content-TYPE"] == "text/plain")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        headers.replace("SET-cookie", "c=3")
        #expect(headers.values(for: "Set-Cookie") == ["c=3"])
        headers.remove("content-type")
        #expect(headers["Content-Type"] == nil)
        #expect(!HTTPHeaders.namesMatch("X-A", "X-B"))
        #expect(!HTTPHeaders.namesMatch("[", "{"))
    }

    @Test func targetIsSplitIntoDecodedPathAndQuery() throws {
        let request = try Request(method: .get, target: "/a%20b/c+d?code=x%2By&state=a+b&flag&role=1&role=2")
        #expect(request.path == "/a b/c+d")
        #expect(request.query["code"] == "x+y")
        #expect(request.query["state"] == "a b")
        #expect(request.query["flag"] == "")
        #expect(request.query.values("role") == ["1", "2"])
        #expect(request.query["missing"] == nil)
        #expect(request.rawPath == "/a%20b/c+d")
    }

    @Test(arguments: [
        "/%", "/%4", "/%zz", "/a%2", "/%00", "/a%ff", "/%c3%28", "/?q=%", "/?q=%G1", "/?%00=1", "/?q=%ed%a0%80",
        "relative", "http://example.com/", "*",
    ])
    func malformedTargetIsBadRequest(target: String) {
        #expect {
            try Request(method: .get, target: target)
        } throws: { error in
            (error as? HTTPError)?.status == .badRequest
        }
    }

    @Test func statusesCompareByCodeOnly() {
        #expect(HTTPStatus(code: 200, reasonPhrase: "Fine") == .ok)
        #expect(HTTPStatus.contentTooLarge.code == 413)
        #expect(Set([HTTPStatus.ok, HTTPStatus(code: 200, reasonPhrase: "x")]).count == 1)
    }

    @Test func requestIDsAreShortRandomAndDistinct() {
        let ids = (0..<1000).map { _ in RequestID().description }
        #expect(Set(ids).count == 1000)
        #expect(ids.allSatisfy { $0.count == 12 && $0.allSatisfy { $0.isLetter || $0.isNumber } })
    }

    @Test func responseHelpersSetContentTypes() throws {
        #expect(Response.html("<p>").headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(Response.redirect(to: "/home").status == .seeOther)
        #expect(Response.redirect(to: "/home").headers["Location"] == "/home")
        #expect(Response.empty().status == .noContent)
        let json = try Response.json(["a": 1], status: .created)
        #expect(json.status == .created)
        #expect(json.headers["Content-Type"] == "application/json")
        #expect(String(decoding: json.body, as: UTF8.self) == #"{"a":1}"#)
    }
}
