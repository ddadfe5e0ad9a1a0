import Testing
@testable import VestibuleHTTP

/// Reading the `Cookie` header. Anyone who can set a cookie for a parent domain (a sibling subdomain, a
/// plain-HTTP network attacker) can plant a malformed pair in it, so one bad pair must not cost the others.
@Suite struct CookieHeaderTests {
    private func cookies(_ headers: String...) throws -> RequestCookies {
        try Request(method: .get, target: "/", headers: HTTPHeaders(headers.map { ("Cookie", $0) })).cookies
    }

    /// Every well-formed pair as read, in order, repeated names included.
    private func pairs(_ headers: String...) throws -> [String] {
        try Request(method: .get, target: "/", headers: HTTPHeaders(headers.map { ("Cookie", $0) }))
            .cookies.map { "\($0.name)=\($0.value)" }
    }

    @Test func pairsAreParsedQuotesRemovedAndTheFirstOfADuplicateWins() throws {
        let parsed = try cookies(#"session=abc.def; theme="dark"; session=older"#)
        #expect(parsed["session"] == "abc.def")
        #expect(parsed["theme"] == "dark")
        #expect(parsed["older"] == nil)
    }

    @Test func theFirstOfADuplicateWinsAcrossHeaders() throws {
        #expect(try cookies("a=1", "a=2; b=3")["a"] == "1")
        #expect(try pairs("a=1", "a=2; b=3") == ["a=1", "a=2", "b=3"])
    }

    @Test func namesAreCaseSensitive() throws {
        let parsed = try cookies("Session=upper; session=lower")
        #expect(parsed["session"] == "lower")
        #expect(parsed["Session"] == "upper")
        #expect(parsed["SESSION"] == nil)
    }

    @Test func spacesAndTabsAroundAPairAreIgnored() throws {
        #expect(try pairs(" a=1 ;\tb=2\t;c=3;  ") == ["a=1", "b=2", "c=3"])
    }

    @Test(arguments: [
        ("a=", ""), (#"a="""#, ""), (#"a="x""#, "x"), (#"a=x""#, nil), (#"a=""x"#, nil), (#"a="x"y""#, nil),
        ("a==", "="), ("a=b=c", "b=c"), ("a=!#$%&'()*+-./:<>?@[]^_`{|}~", "!#$%&'()*+-./:<>?@[]^_`{|}~"),
    ] as [(String, String?)])
    func aValueIsReadAsSentWithoutItsSurroundingQuotes(pair: String, value: String?) throws {
        #expect(try cookies(pair)["a"] == value)
    }

    @Test(arguments: ["", ";", " ; ;; ", "\t", "=", "==="])
    func aHeaderWithoutPairsHasNoCookies(header: String) throws {
        #expect(try pairs(header).isEmpty)
    }

    @Test func aRequestWithoutACookieHeaderHasNoCookies() throws {
        let request = try Request(method: .get, target: "/", headers: ["Accept": "text/html"])
        #expect(Array(request.cookies).isEmpty)
        #expect(request.cookies["a"] == nil)
    }

    @Test(arguments: [
        "novalue", "=x", "a b=1", "a=1 2", #"a=x"y"#, #"a=x\y"#, "a=x,y", "a=é", #"a="unclosed"#, #""q"=1"#,
        "a=x\ty", "a=\u{1}", "é=1", "a(b)=1", "a=\u{7F}", #"a=""#,
    ])
    func aMalformedPairIsSkippedAndTheOthersKept(pair: String) throws {
        #expect(try pairs("first=1; \(pair); last=2") == ["first=1", "last=2"])
    }

    @Test func aMalformedPairDoesNotHideAWellFormedOneOfTheSameName() throws {
        #expect(try cookies(#"session=planted"x; session=mine"#)["session"] == "mine")
    }

    @Test func aMalformedHeaderDoesNotCostTheCookiesOfAnotherHeader() throws {
        #expect(try pairs("garbage", "session=abc") == ["session=abc"])
    }

    @Test func theCookiesFollowTheHeadersWhenTheyChange() throws {
        var request = try Request(method: .get, target: "/", headers: ["Cookie": "a=1"])
        request.headers.add("Cookie", "b=2")
        #expect(request.cookies["b"] == "2")
        request.headers.replace("Cookie", "c=3")
        #expect(request.cookies["a"] == nil && request.cookies["c"] == "3")
        request.headers.remove("Cookie")
        #expect(Array(request.cookies).isEmpty)
    }

    @Test func otherHeadersAreNotReadAsCookies() throws {
        let request = try Request(method: .get, target: "/", headers: ["Set-Cookie": "a=1", "cookie": "b=2"])
        #expect(request.cookies["a"] == nil)
        #expect(request.cookies["b"] == "2")
    }
}
