import Testing
@testable import VestibuleHTTP

/// Reading the `Cookie` header. Anyone who can set a cookie for a parent domain (a sibling subdomain, a
/// plain-HTTP network attacker) can plant a malformed pair in it, so one bad pair must not cost the others.
@Suite struct CookieHeaderTests {
    private func cookies(_ headers: String...) throws -> [String: String] {
        let request = try Request(method: .get, target: "/", headers: HTTPHeaders(headers.map { ("Cookie", $0) }))
        return request.cookies()
    }

    @Test func pairsAreParsedQuotesRemovedAndTheFirstOfADuplicateWins() throws {
        let parsed = try cookies(#"session=abc.def; theme="dark"; session=older"#)
        #expect(parsed == ["session": "abc.def", "theme": "dark"])
    }

    @Test(arguments: [
        "novalue", "=x", "a b=1", "a=1 2", #"a=x"y"#, #"a=x\y"#, "a=x,y", "a=é", #"a="unclosed"#, #""q"=1"#,
        "a=x\ty", "a=\u{1}", "é=1", "a(b)=1",
    ])
    func aMalformedPairIsSkippedAndTheOthersKept(pair: String) throws {
        #expect(try cookies("first=1; \(pair); last=2") == ["first": "1", "last": "2"])
    }

    @Test func aMalformedPairDoesNotHideAWellFormedOneOfTheSameName() throws {
        #expect(try cookies(#"session=planted"x; session=mine"#) == ["session": "mine"])
    }

    @Test func aMalformedHeaderDoesNotCostTheCookiesOfAnotherHeader() throws {
        #expect(try cookies("garbage", "session=abc") == ["session": "abc"])
    }
}
