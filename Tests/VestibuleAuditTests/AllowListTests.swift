import Testing
@testable import VestibuleAudit

@Suite struct AllowListTests {
    static func finding(_ kind: Finding.Kind, _ selector: String, url: String = "http://localhost:8080/sign-in") -> Finding {
        Finding(kind: kind, selector: selector, excerpt: "", step: 165, viewport: "320×568", locale: "en", url: url, detail: "")
    }

    @Test func theLineFormatReadsKindSelectorAndURLWithQuotedSelectorsAndComments() throws {
        let list = try AllowList(parsing: """
            # accepted until the redesign
            // also a comment

            didNotGrow #fine-print
            overlap "main > p:nth-of-type(2)" /sign-in
            clipped * /recovery
            """)
        #expect(list.entries.count == 3)
        #expect(list.allows(Self.finding(.didNotGrow, "#fine-print")))
        #expect(!list.allows(Self.finding(.clipped, "#fine-print")))
        #expect(list.allows(Self.finding(.overlap, "main > p:nth-of-type(2)")))
        #expect(!list.allows(Self.finding(.overlap, "main > p:nth-of-type(2)", url: "http://localhost:8080/account")))
        #expect(list.allows(Self.finding(.clipped, "#anything", url: "http://x/recovery?step=2")))
        #expect(!list.allows(Self.finding(.clipped, "#anything")))
    }

    @Test func theJSONFormatReadsAnArrayOrAnAllowObject() throws {
        let array = try AllowList(parsing: ##"[{"kind": "horizontalScroll", "selector": "#codes", "reason": "table"}]"##)
        #expect(array.allows(Self.finding(.horizontalScroll, "#codes")))
        let object = try AllowList(parsing: ##"{"allow": [{"kind": "*", "selector": "#codes", "url": "/codes"}]}"##)
        #expect(object.allows(Self.finding(.overlap, "#codes", url: "http://x/codes")))
        #expect(!object.allows(Self.finding(.overlap, "#codes")))
    }

    @Test func parsingFailsOnAnUnknownKindOrAMissingSelector() {
        #expect(throws: AllowList.ParseError.self) { try AllowList(parsing: "tooSmall #a") }
        #expect(throws: AllowList.ParseError.self) { try AllowList(parsing: "clipped") }
        #expect(throws: AllowList.ParseError.self) { try AllowList(parsing: "[{\"kind\": 1}]") }
    }
}

@Suite struct AuditArgumentsTests {
    @Test func optionsBecomeTheConfiguration() throws {
        let parsed = try AuditArguments.parse([
            "larger-text", "http://localhost:1/a", "https://example.com/b", "--steps", "100,165,312",
            "--viewports", "320x568,1280×800", "--locales", "en,ja", "--json", "r.json", "--safari-dynamic-type",
            "--cookie", "session=a=b",
        ])
        #expect(parsed.urls == ["http://localhost:1/a", "https://example.com/b"])
        #expect(parsed.configuration.steps == [100, 165, 312])
        #expect(parsed.configuration.viewports == [Viewport(width: 320, height: 568), Viewport(width: 1280, height: 800)])
        #expect(parsed.configuration.locales == ["en", "ja"])
        #expect(parsed.configuration.safariDynamicType)
        #expect(parsed.jsonPath == "r.json")
        #expect(parsed.cookies.map { "\($0.name)|\($0.value)" } == ["session|a=b"])
    }

    @Test func defaultsAreTheLadderAndTheStandardViewportsPlusReflow() throws {
        let parsed = try AuditArguments.parse(["larger-text", "http://localhost:1/"])
        #expect(parsed.configuration.steps == [100, 112, 135, 165, 194, 235, 277, 312])
        #expect(parsed.configuration.viewports.map(\.description) == ["320×568", "390×844", "768×1024", "1280×800", "320×256"])
        #expect(AuditConfiguration.ladder.map { AuditConfiguration.fontSizes(forStep: $0).standard } == [16, 18, 22, 26, 31, 38, 44, 50])
        #expect(AuditConfiguration.ladder.map { AuditConfiguration.appleSystemBodySize(forStep: $0) } == [17, 19, 23, 28, 33, 40, 47, 53])
    }

    @Test(arguments: [
        [], ["lint"], ["larger-text"], ["larger-text", "example.com"], ["larger-text", "http://x/", "--steps", "a"],
        ["larger-text", "http://x/", "--viewports", "320"], ["larger-text", "http://x/", "--json"],
        ["larger-text", "http://x/", "--frobnicate"],
    ])
    func usageErrorsAreRejected(_ arguments: [String]) {
        #expect(throws: AuditArguments.UsageError.self) { try AuditArguments.parse(arguments) }
    }
}
