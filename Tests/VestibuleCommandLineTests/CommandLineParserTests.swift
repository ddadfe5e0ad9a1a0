import Testing
import VestibuleCommandLine

/// The one argument parser every command uses: the forms it reads, and each refusal with the sentence it says.
@Suite struct CommandLineParserTests {
    let parser = CommandLineParser([
        .value("--port"), .value("--audience"), .flag("--quiet", aliases: "-q"),
        .optionalValue("--development", implied: "true"),
    ])

    @Test func valuesAreReadSeparateOrAfterAnEqualsSign() throws {
        let parsed = try parser.parse(["--port", "8080", "--audience=a=b", "--audience", "-"])
        #expect(parsed.value(of: "--port") == "8080")
        #expect(parsed.values(of: "--audience") == ["a=b", "-"], "only the first = separates, and - is a value")
        #expect(parsed.value(of: "--audience") == "-", "a repeated option counts the last time")
        #expect(parsed.value(of: "--development") == nil && parsed.values(of: "--port").count == 1)
    }

    @Test func aFlagIsGivenByItsNameOrAnAlias() throws {
        #expect(try parser.parse(["-q"]).contains("--quiet"))
        #expect(try parser.parse(["--quiet"]).contains("--quiet"))
        #expect(try !parser.parse([]).contains("--quiet"))
    }

    @Test(arguments: [
        (["--development"], "true"),
        (["--development", "false"], "false"),
        (["--development=false"], "false"),
        (["--development", "--quiet"], "true"),
    ])
    func anOptionalValueIsImpliedUnlessOneFollows(arguments: [String], value: String) throws {
        #expect(try parser.parse(arguments).value(of: "--development") == value)
    }

    @Test func positionalsAreKeptInOrderWhenAccepted() throws {
        let accepting = CommandLineParser([.value("--port")], positionals: .accepted)
        let parsed = try accepting.parse(["http://a/?x=1", "--port", "1", "-", "http://b/"])
        #expect(parsed.positionals == ["http://a/?x=1", "-", "http://b/"])
        #expect(throws: CommandLineError.self) { try accepting.parse(["http://a/", "--colour"]) }
    }

    @Test func unknownOptionsArePassedOnWithTheirValuesWhenAsked() throws {
        let passing = CommandLineParser([.value("--lifetime")], positionals: .passedOn)
        let parsed = try passing.parse(["--apple-team-id", "T", "--lifetime=700", "--development"])
        #expect(parsed.positionals == ["--apple-team-id", "T", "--development"])
        #expect(parsed.value(of: "--lifetime") == "700")
    }

    @Test func aValueGivenOnceIsReadAndASecondIsRefused() throws {
        #expect(try parser.parse(["--port", "1"]).onlyValue(of: "--port") == "1")
        #expect(try parser.parse([]).onlyValue(of: "--port") == nil)
        let error = #expect(throws: CommandLineError.self) {
            try parser.parse(["--port", "1", "--port=2"]).onlyValue(of: "--port")
        }
        #expect(error?.code == .repeatedOption)
        #expect(error?.description == "--port may be given only once.")
    }

    @Test(arguments: [
        (["--colour", "red"], CommandLineError.Code.unknownOption, "Unknown option --colour."),
        (["--colour=red"], .unknownOption, "Unknown option --colour."),
        (["8080"], .unexpectedArgument, "Unexpected argument 8080."),
        (["--port"], .missingValue, "--port needs a value."),
        (["--port", "--quiet"], .missingValue, "--port needs a value."),
        (["--quiet=yes"], .unexpectedValue, "--quiet takes no value."),
    ])
    func aCommandLineThatCannotBeReadIsRefusedInOneSentence(
        arguments: [String], code: CommandLineError.Code, sentence: String
    ) {
        let error = #expect(throws: CommandLineError.self) { try parser.parse(arguments) }
        #expect(error?.code == code)
        #expect(error?.description == sentence)
    }

    @Test func aRefusalNeverRepeatsAValue() {
        for arguments in [["--app-key=secret-4f1a"], ["database=postgres://u:secret-4f1a@db/v"]] {
            let error = #expect(throws: CommandLineError.self) { try parser.parse(arguments) }
            #expect(error.map { !$0.description.contains("secret-4f1a") } == true, "\(arguments)")
        }
    }

    @Test func anEqualsSignAfterTheNameAllowsAValueThatLooksLikeAnOption() throws {
        #expect(try parser.parse(["--port=--quiet"]).value(of: "--port") == "--quiet")
    }
}
