import Foundation
import Testing
@testable import VestibuleAppleButton

/// SIWA-22: Vestibule ships no Apple logo; the operator's artwork is read, checked and kept byte for byte.
@Suite struct AppleButtonArtworkTests {
    @Test func theArtworkKeepsItsBytesAndItsProportions() throws {
        let artwork = try AppleButtonFixtures.artwork()
        #expect(artwork.data == (try Data(contentsOf: AppleButtonFixtures.artworkURL)))
        #expect(artwork.width == 31 && artwork.height == 44)
        #expect(try AppleButtonFixtures.squareArtwork().aspectRatio == 1)
    }

    @Test func theSizeComesFromTheViewBoxElseFromWidthAndHeight() throws {
        let viewBox = try AppleButtonArtwork(svg: svg(#"viewBox="0,0 12.5 25" width="100%""#))
        #expect(viewBox.width == 12.5 && viewBox.height == 25)
        let lengths = try AppleButtonArtwork(svg: svg(#"width="31px" height="44px""#))
        #expect(lengths.width == 31 && lengths.height == 44)
    }

    @Test func referencesInsideTheArtworkAreAllowed() throws {
        let artwork = try AppleButtonArtwork(svg: svg(
            #"viewBox="0 0 10 10" xmlns:xlink="http://www.w3.org/1999/xlink""#,
            ##"<defs><path id="p" d="M0 0h1v1z"/></defs><use xlink:href="#p"/><use href="#p"/>"##
        ))
        #expect(artwork.aspectRatio == 1)
    }

    @Test(arguments: [
        ("not XML", Data("this is not an SVG".utf8), AppleButtonError.Code.artworkInvalid, "not an SVG document"),
        ("not SVG", Data(#"<html xmlns="http://www.w3.org/1999/xhtml"/>"#.utf8), .artworkInvalid, "root element is <html>"),
        ("no namespace", Data(#"<svg viewBox="0 0 1 1"/>"#.utf8), .artworkInvalid, "lacks xmlns="),
        ("no size", svg(#"width="100%" height="100%""#), .artworkInvalid, "has no size"),
        ("mixed units", svg(#"width="31px" height="44pt""#), .artworkInvalid, "has no size"),
        ("script", svg(#"viewBox="0 0 1 1""#, "<script>alert(1)</script>"), .artworkUnsafe, "contains <script>"),
        ("foreign object", svg(#"viewBox="0 0 1 1""#, "<foreignObject/>"), .artworkUnsafe, "contains <foreignObject>"),
        ("handler", svg(#"viewBox="0 0 1 1" onload="alert(1)""#), .artworkUnsafe, "event handler (onload)"),
        ("outside image", svg(#"viewBox="0 0 1 1""#, #"<image href="https://example.com/x.png"/>"#), .artworkUnsafe, "outside itself"),
        ("entities", Data(#"<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>"#.utf8), .artworkUnsafe, "XML entities"),
        ("too large", svg(#"viewBox="0 0 1 1""#, String(repeating: " ", count: 300_000)), .artworkInvalid, "at most 262144"),
        // Found by Fuzz/ (Fuzz/Corpus/svg-artwork/regression-element-name-not-utf8): XMLParser crashed the process.
        (
            "element name not UTF-8",
            Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><a"#.utf8) + [0xFF] + Data("/></svg>".utf8),
            .artworkInvalid, "not UTF-8"
        ),
        // Found by Fuzz/ (Fuzz/Corpus/svg-artwork/regression-empty-processing-instruction): XMLParser read a null
        // pointer and crashed the process.
        ("processing instruction", Data("<?x?>".utf8) + svg(#"width="1" height="1""#), .artworkUnsafe, "processing instruction"),
        ("style sheet", Data(#"<?xml version="1.0"?><?xml-stylesheet href="https://example.com/a.css"?>"#.utf8) + svg(#"width="1" height="1""#),
         .artworkUnsafe, "processing instruction"),
    ])
    func artworkThatIsNotUsableIsRefusedWithTheReason(
        name: String, data: Data, code: AppleButtonError.Code, reason: String
    ) throws {
        let error = try #require(throws: AppleButtonError.self) { try AppleButtonArtwork(svg: data) }
        #expect(error.code == code, "\(name)")
        #expect(error.code.isAboutArtwork)
        #expect(error.description.contains(reason), "\(name): \(error)")
    }

    @Test func aMissingFileIsUnreadable() throws {
        let error = try #require(throws: AppleButtonError.self) {
            try AppleButtonArtwork(contentsOf: AppleButtonFixtures.directory.appending(path: "missing.svg"))
        }
        #expect(error.code == .artworkUnreadable)
        #expect(error.description.contains("missing.svg"))
    }

    /// SIWA-22: no Apple logo in the sources or resources: the only artwork in the package is the test fixtures.
    @Test func vestibuleShipsNoArtworkOfItsOwn() throws {
        let root = AppleButtonFixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = root.appending(path: "Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        #expect(!files.isEmpty)
        for file in files where ["svg", "png", "pdf"].contains(file.pathExtension.lowercased()) {
            Issue.record("Artwork shipped in Sources: \(file.path)")
        }
    }
}

/// An SVG document with these root attributes and this content.
private func svg(_ attributes: String, _ content: String = "") -> Data {
    Data(#"<svg xmlns="http://www.w3.org/2000/svg" \#(attributes)>\#(content)</svg>"#.utf8)
}
