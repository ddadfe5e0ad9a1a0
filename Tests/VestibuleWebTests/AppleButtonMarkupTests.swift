import Foundation
import Testing
@testable import VestibuleAppleButton
@testable import VestibuleLocalization

/// SIWA-16, SIWA-18, SIWA-19, SIWA-20: the markup pages use. Without artwork, Apple's own button from its
/// image service; with artwork, the custom button. The style follows the page's color scheme, the sizes
/// come from a generated stylesheet, and nothing carries an inline style.
@Suite struct AppleButtonMarkupTests {
    let english: StringCatalog
    let japanese: StringCatalog

    init() throws {
        english = try StringCatalog(language: .english)
        japanese = try StringCatalog(language: .japanese)
    }

    @Test func darkPagesGetWhiteAndLightPagesBlackOrWhiteWithAnOutline() {
        for onLight in AppleButtonAppearance.OnLight.allCases {
            let appearance = AppleButtonAppearance(onLight: onLight)
            #expect(appearance.style(on: .dark) == .white)
            #expect(appearance.style(on: .light) == (onLight == .black ? .black : .whiteOutline))
        }
        #expect(AppleButtonAppearance().style(on: .light) == .black)
    }

    @Test func theStylesArePureBlackAndWhite() {
        #expect(AppleButtonStyle.black.fill == "#000000" && AppleButtonStyle.black.foreground == "#ffffff")
        #expect(AppleButtonStyle.white.fill == "#ffffff" && AppleButtonStyle.white.foreground == "#000000")
        #expect(AppleButtonStyle.whiteOutline.fill == "#ffffff" && AppleButtonStyle.whiteOutline.outline == "#000000")
        #expect(AppleButtonStyle.black.outline == nil && AppleButtonStyle.white.outline == nil)
    }

    @Test func theOfficialButtonIsApplesImageForEachColorScheme() throws {
        let size = try AppleButtonSize(width: 280, height: 44, cornerRadius: 8)
        let html = try AppleButtonMarkup.official(title: .continue, size: size, catalog: english).rendered
        #expect(html.hasPrefix("<button class=\"apple-button apple-button-280x44-r8\" type=\"submit\"><picture>"))
        #expect(!html.contains("style="))
        #expect(!html.contains("<script"))

        let image = try tag("img", in: html)
        #expect(image["alt"] == "Continue with Apple")
        #expect(image["width"] == "280" && image["height"] == "44")
        #expect(image["class"] == "apple-button-face")
        let light = try query(image["src"])
        #expect(light.path == "https://appleid.cdn-apple.com/appleid/button")
        #expect(light.items == [
            "height": "44", "width": "280", "color": "black", "border": "false", "type": "continue",
            // 8 pt of a 44 pt height: Apple's service takes the radius as a percentage of the height.
            "border_radius": "18", "scale": "2", "locale": "en_US",
        ])

        let dark = try tag("source", in: html)
        #expect(dark["media"] == "(prefers-color-scheme: dark)")
        let darkSources = try #require(dark["srcset"]).components(separatedBy: ", ")
        #expect(darkSources.count == 3)
        for (index, source) in darkSources.enumerated() {
            let parts = source.split(separator: " ")
            let items = try query(String(parts[0])).items
            #expect(items["color"] == "white" && items["border"] == "false")
            #expect(items["scale"] == "\(index + 1)" && parts[1] == "\(280 * (index + 1))w")
        }
        #expect(dark["sizes"] == "max(280px, 17.5rem)" && image["sizes"] == dark["sizes"])
        #expect(image["srcset"]?.contains("color=black") == true)
    }

    @Test func anOutlinedPillInJapaneseAsksAppleForExactlyThat() throws {
        let html = try AppleButtonMarkup.official(
            title: .signIn,
            size: AppleButtonSize(width: 300, height: 50, cornerRadius: 25),
            appearance: AppleButtonAppearance(onLight: .whiteOutline),
            catalog: japanese
        ).rendered
        let image = try tag("img", in: html)
        let light = try query(image["src"]).items
        #expect(light["color"] == "white" && light["border"] == "true")
        #expect(light["border_radius"] == "50" && light["type"] == "sign-in" && light["locale"] == "ja_JP")
        #expect(image["alt"] == "Appleでサインイン")
        let dark = try query(String(try #require(tag("source", in: html)["srcset"]?.split(separator: " ").first))).items
        #expect(dark["color"] == "white" && dark["border"] == "false")
    }

    @Test func whatApplesImagesCannotShowIsRefused() throws {
        let signUp = try #require(throws: AppleButtonError.self) {
            try AppleButtonMarkup.official(title: .signUp, size: AppleButtonSize(width: 280, height: 44), catalog: english)
        }
        #expect(signUp.code == .titleNotOffered)
        for (width, height) in [(376.0, 44.0), (280, 65)] {
            let error = try #require(throws: AppleButtonError.self) {
                try AppleButtonMarkup.official(title: .signIn, size: AppleButtonSize(width: width, height: height), catalog: english)
            }
            #expect(error.code == .tooLarge)
        }
        let fraction = try #require(throws: AppleButtonError.self) {
            try AppleButtonMarkup.official(title: .signIn, size: AppleButtonSize(width: 280.5, height: 44), catalog: english)
        }
        #expect(fraction.code == .notANumber)
    }

    @Test func theCustomButtonHasOneFacePerColorScheme() throws {
        let artwork = try AppleButtonFixtures.artwork()
        let html = try AppleButtonRenderer(catalog: english).html(
            title: .signIn,
            size: AppleButtonSize(width: 280, height: 44, cornerRadius: 8),
            onLightArtwork: artwork,
            onDarkArtwork: artwork
        ).rendered
        #expect(html.hasPrefix("<button class=\"apple-button apple-button-280x44-r8\" type=\"submit\"><svg "))
        #expect(!html.contains("style="))
        // Inline SVG in a page is XML too; the two faces parse as a document.
        let document = try SVGDocument(html)
        let faces = document.all("svg")
        #expect(faces.map { $0.attributes["class"] } == [
            "apple-button-face apple-button-on-light", "apple-button-face apple-button-on-dark",
        ])
        let fills = document.all("rect").compactMap { $0.attributes["fill"] }
        #expect(fills == ["#000000", "#ffffff"])
        // Each face has its own clip path, so hiding one never breaks the other.
        let clipIDs = document.all("clipPath").compactMap { $0.attributes["id"] }
        #expect(Set(clipIDs).count == 2)
    }

    @Test func theStylesheetSizesEachButtonAndSwitchesFacesWithTheColorScheme() throws {
        let css = AppleButtonStylesheet.css(for: [
            try AppleButtonSize(width: 280, height: 44, cornerRadius: 8),
            try AppleButtonSize(side: 44, cornerRadius: 22),
            try AppleButtonSize(width: 280, height: 44, cornerRadius: 8),
        ])
        // Grows with the text size, never below the size that was checked, and keeps a tenth of the
        // height clear around it (SIWA-20, SIWA-33).
        #expect(css.contains(
            ".apple-button-280x44-r8 { width: max(280px, 17.5rem); min-width: 280px; max-width: 100%; "
                + "margin: max(4.4px, 0.275rem); border-radius: max(8px, 0.5rem); }"
        ))
        #expect(css.contains(
            ".apple-button-44x44-r22 { width: max(44px, 2.75rem); min-width: 44px; max-width: 100%; "
                + "margin: max(4.4px, 0.275rem); border-radius: max(22px, 1.375rem); }"
        ))
        #expect(css.components(separatedBy: ".apple-button-280x44-r8 {").count == 2)
        #expect(css.contains(".apple-button-on-dark { display: none; }"))
        #expect(css.contains(
            "@media (prefers-color-scheme: dark) {\n  .apple-button-on-light { display: none; }\n"
                + "  .apple-button-on-dark { display: block; }\n}"
        ))
        #expect(AppleButtonStylesheet.className(for: try AppleButtonSize(width: 280.5, height: 44, cornerRadius: 6.6))
            == "apple-button-280_5x44-r6_6")
    }

    /// The attributes of the first `<name …>` tag in `html`, unescaped.
    private func tag(_ name: String, in html: String) throws -> [String: String] {
        let start = try #require(html.range(of: "<\(name) "))
        let end = try #require(html[start.upperBound...].range(of: ">"))
        var attributes: [String: String] = [:]
        let pattern = /([a-z-]+)="([^"]*)"/
        for match in html[start.upperBound..<end.lowerBound].matches(of: pattern) {
            attributes[String(match.1)] = String(match.2).replacingOccurrences(of: "&amp;", with: "&")
        }
        return attributes
    }

    /// A URL's address without its query, and the query's items.
    private func query(_ url: String?) throws -> (path: String, items: [String: String]) {
        let text = try #require(url)
        let components = try #require(URLComponents(string: text))
        let items = (components.queryItems ?? []).reduce(into: [String: String]()) { $0[$1.name] = $1.value }
        var address = components
        address.query = nil
        return (try #require(address.string), items)
    }
}
