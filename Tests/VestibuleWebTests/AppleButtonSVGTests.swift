import Foundation
import Testing
@testable import VestibuleAppleButton
@testable import VestibuleLocalization

/// The standalone SVG of a custom button (SIWA-21…33): well-formed, drawn from the geometry, with the
/// operator's artwork embedded unchanged at the full height and nothing but black and white.
@Suite struct AppleButtonSVGTests {
    let english: AppleButtonRenderer
    let arabic: AppleButtonRenderer

    init() throws {
        english = AppleButtonRenderer(catalog: try StringCatalog(language: .english))
        arabic = AppleButtonRenderer(catalog: try StringCatalog(language: .arabic))
    }

    @Test(arguments: AppleButtonStyle.allCases, AppleButtonTitle.allCases)
    func theSVGIsWellFormedAndDrawnFromTheGeometry(style: AppleButtonStyle, title: AppleButtonTitle) throws {
        let size = try AppleButtonSize(width: 280, height: 44, cornerRadius: 8)
        let svg = try SVGDocument(english.svg(title: title, size: size, style: style, artwork: AppleButtonFixtures.artwork()))
        let geometry = try AppleButtonGeometry(
            size: size, title: title.text(in: english.catalog), logoAspectRatio: 31.0 / 44, rightToLeft: false
        )
        #expect(svg.root.name == "svg")
        #expect(svg.root.attributes["viewBox"] == "0 0 280 44")
        #expect(svg.root.attributes["width"] == "280" && svg.root.attributes["height"] == "44")
        #expect(svg.root.attributes["aria-label"] == title.text(in: english.catalog))

        let button = try #require(svg.all("rect").first { $0.attributes["fill"] != nil })
        #expect(button.attributes["rx"] == "8")
        #expect(button.attributes["fill"] == style.fill)

        let text = try #require(svg.first("text"))
        let expectedTitle = try #require(geometry.title)
        #expect(text.text == title.text(in: english.catalog))
        #expect(text.number("font-size") == (44 * 0.43 * 100).rounded() / 100)
        #expect(text.attributes["fill"] == style.foreground)
        #expect(text.attributes["dominant-baseline"] == "central" && text.number("y") == 22)
        #expect(text.attributes["text-anchor"] == "middle")
        // Set to exactly the width the geometry reserved, so its end keeps 8 % of the width clear.
        let end = try #require(text.number("x")) + (try #require(text.number("textLength"))) / 2
        #expect(end <= 280 * 0.92 + 0.01)
        #expect(abs(end - (expectedTitle.centerX + expectedTitle.width / 2)) < 0.01)
        #expect(text.attributes["font-family"]?.hasPrefix("-apple-system") == true)

        // Only white on black or black on white: the outline only for white-outline.
        let outlines = svg.all("rect").filter { $0.attributes["stroke"] != nil }
        #expect(outlines.count == (style == .whiteOutline ? 1 : 0))
        #expect(outlines.allSatisfy { $0.attributes["stroke"] == "#000000" && $0.attributes["fill"] == "none" })
        for element in svg.elements {
            for name in ["fill", "stroke"] {
                if let color = element.attributes[name], element.name != "image" {
                    #expect(["#000000", "#ffffff", "none"].contains(color), "\(element.name) \(name)=\(color)")
                }
            }
        }
    }

    @Test func theArtworkIsEmbeddedUnchangedAtTheButtonsFullHeight() throws {
        let artwork = try AppleButtonFixtures.artwork()
        let svg = try SVGDocument(english.svg(
            title: .signIn, size: AppleButtonSize(width: 300, height: 56), style: .black, artwork: artwork
        ))
        let image = try #require(svg.first("image"))
        let href = try #require(image.attributes["href"])
        let prefix = "data:image/svg+xml;base64,"
        #expect(href.hasPrefix(prefix))
        #expect(Data(base64Encoded: String(href.dropFirst(prefix.count))) == (try Data(contentsOf: AppleButtonFixtures.artworkURL)))
        #expect(image.number("y") == 0 && image.number("height") == 56)
        #expect(abs(try #require(image.number("width")) - 56 * 31 / 44) < 0.01)
        #expect(image.attributes["preserveAspectRatio"] == "xMidYMid meet")
    }

    @Test func aLogoOnlyButtonIsTheSquareArtworkMaskedByTheCornerRadius() throws {
        let svg = try SVGDocument(english.svg(
            title: .signIn, logoOnly: true, size: AppleButtonSize(side: 44, cornerRadius: 22), style: .white,
            artwork: AppleButtonFixtures.squareArtwork()
        ))
        #expect(svg.first("text") == nil)
        #expect(svg.root.attributes["aria-label"] == "Sign in with Apple")
        let image = try #require(svg.first("image"))
        #expect(image.number("x") == 0 && image.number("y") == 0)
        #expect(image.number("width") == 44 && image.number("height") == 44)
        // The mask: a clip path of the button's own rounded shape, here a circle.
        let clip = try #require(svg.first("clipPath"))
        let clipID = try #require(clip.attributes["id"])
        #expect(image.attributes["clip-path"] == "url(#\(clipID))")
        let clipIndex = try #require(svg.elements.firstIndex { $0.name == "clipPath" })
        let mask = svg.elements[clipIndex + 1]
        #expect(mask.name == "rect" && mask.attributes["rx"] == "22" && mask.number("width") == 44)
    }

    @Test func arabicPutsTheLogoOnTheRightAndSetsTheTitleRightToLeft() throws {
        let svg = try SVGDocument(arabic.svg(
            title: .signIn, size: AppleButtonSize(width: 320, height: 44), style: .black,
            artwork: AppleButtonFixtures.artwork()
        ))
        let text = try #require(svg.first("text"))
        let image = try #require(svg.first("image"))
        #expect(text.text == "تسجيل الدخول باستخدام Apple")
        #expect(text.attributes["direction"] == "rtl")
        #expect(try #require(image.number("x")) > (try #require(text.number("x"))))
        // The trailing edge is the left: the title's start keeps 8 % of the width clear.
        let start = try #require(text.number("x")) - (try #require(text.number("textLength"))) / 2
        #expect(start >= 320 * 0.08 - 0.01)
    }

    @Test func artworkOfTheWrongShapeIsRefused() throws {
        let square = try #require(throws: AppleButtonError.self) {
            try english.svg(
                title: .signIn, size: AppleButtonSize(width: 280, height: 44), style: .black,
                artwork: AppleButtonFixtures.squareArtwork()
            )
        }
        #expect(square.code == .artworkInvalid)
        #expect(square.description.contains("this artwork is 44 × 44"))
        let narrow = try #require(throws: AppleButtonError.self) {
            try english.svg(
                title: .signIn, logoOnly: true, size: AppleButtonSize(side: 44), style: .black,
                artwork: AppleButtonFixtures.artwork()
            )
        }
        #expect(narrow.code == .artworkInvalid)
        #expect(narrow.description.contains("needs Apple's square logo-only artwork"))
    }

    @Test func aSizeTheTitleDoesNotFitIsRefusedBeforeAnythingIsDrawn() throws {
        let error = try #require(throws: AppleButtonError.self) {
            try english.svg(
                title: .continue, size: AppleButtonSize(width: 140, height: 30), style: .black,
                artwork: AppleButtonFixtures.artwork()
            )
        }
        #expect(error.code == .titleDoesNotFit)
    }
}
