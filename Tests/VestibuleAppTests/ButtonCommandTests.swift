import Foundation
import Testing
import VestibuleTesting

/// `vestibule button` as an operator meets it: the SVG on success, and for anything the guidelines do not
/// allow one sentence and the exit status scripts can act on.
@Suite struct ButtonCommandTests {
    /// The test artwork of VestibuleWebTests: plain shapes, not Apple's logo.
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "VestibuleWebTests/Fixtures")
    let artwork = Self.fixtures.appending(path: "test-artwork.svg").path
    let squareArtwork = Self.fixtures.appending(path: "test-artwork-square.svg").path

    @Test func theButtonIsPrintedAsSVG() throws {
        let result = try VestibuleExecutable.run([
            "button", "--style", "black", "--title", "continue", "--height", "44", "--width", "280",
            "--radius", "8", "--artwork", artwork,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"280\" height=\"44\""))
        #expect(result.output.contains(">Continue with Apple</text>"))
        #expect(result.output.contains("font-size=\"18.92\""))
        #expect(result.output.contains("rx=\"8\" fill=\"#000000\""))
    }

    @Test func theButtonIsWrittenToTheOutputFile() throws {
        let output = FileManager.default.temporaryDirectory.appending(path: "vestibule-button-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try VestibuleExecutable.run([
            "button", "--logo-only", "--height=44", "--radius=22", "--style=white-outline", "--language=ja",
            "--artwork=\(squareArtwork)", "--output", output.path,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty)
        let svg = try String(contentsOf: output, encoding: .utf8)
        #expect(svg.contains("aria-label=\"Appleでサインイン\""))
        #expect(svg.contains("width=\"44\" height=\"44\""))
        #expect(!svg.contains("<text"))
        #expect(svg.contains("stroke=\"#000000\""))
    }

    @Test(arguments: [
        (["--width", "100"], "below the minimum of 140 × 30 pt"),
        (["--width", "280", "--height", "29"], "below the minimum of 140 × 30 pt"),
        (["--width", "280", "--radius", "23"], "more than half the 44 pt height"),
        (["--width", "140", "--height", "30", "--title", "continue"], "needs a button about 161 pt wide"),
        (["--width", "280", "--height", "twelve"], "--height: \"twelve\" is not a number of points."),
        (["--width", "280", "--style", "red"], "--style: \"red\" is not one of black, white, white-outline."),
        (["--width", "280", "--title", "log-in"], "--title: \"log-in\" is not one of sign-in, sign-up, continue."),
        (["--width", "280", "--colour", "black"], "Unknown option \"--colour\"."),
        (["--height", "44"], "--width is required for a button with a title"),
        (["--logo-only", "--width", "60", "--height", "44"], "A logo-only button is square"),
        (["--width", "280", "--radius"], "--radius needs a value."),
    ])
    func impossibleSizesAndBadOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let result = try VestibuleExecutable.run(["button", "--artwork", artwork] + arguments)
        #expect(result.status == 78)
        #expect(result.output.contains(message), "\(result.output)")
        #expect(!result.output.contains("<svg"))
    }

    @Test func withoutArtworkNothingIsDrawn() throws {
        let result = try VestibuleExecutable.run(["button", "--width", "280"])
        #expect(result.status == 78)
        #expect(result.output.contains("--artwork is required: Vestibule draws no Apple logo of its own."))
    }

    @Test func artworkThatCannotBeReadOrUsedHasItsOwnStatus() throws {
        let missing = try VestibuleExecutable.run(["button", "--width", "280", "--artwork", "/nonexistent/logo.svg"])
        #expect(missing.status == 66)
        #expect(missing.output.contains("Cannot read the artwork /nonexistent/logo.svg"))

        let notSVG = try VestibuleExecutable.run(["button", "--width", "280", "--artwork", #filePath])
        #expect(notSVG.status == 65)
        #expect(notSVG.output.contains("The artwork is not an SVG document"))

        let wrongShape = try VestibuleExecutable.run(["button", "--logo-only", "--artwork", artwork])
        #expect(wrongShape.status == 65)
        #expect(wrongShape.output.contains("needs Apple's square logo-only artwork; this artwork is 31 × 44"))
    }

    @Test func anUnwritableOutputIsReported() throws {
        let result = try VestibuleExecutable.run([
            "button", "--width", "280", "--artwork", artwork, "--output", "/nonexistent/button.svg",
        ])
        #expect(result.status == 73)
        #expect(result.output.contains("cannot write /nonexistent/button.svg"))
    }

    @Test func theCommandIsInTheHelp() throws {
        #expect(try VestibuleExecutable.run(["--help"]).output.contains("vestibule button [options]"))
        let help = try VestibuleExecutable.run(["button", "--help"])
        #expect(help.status == 0)
        for option in ["--artwork", "--width", "--height", "--radius", "--style", "--title", "--logo-only", "--output", "78"] {
            #expect(help.output.contains(option), "button --help mentions \(option)")
        }
    }
}
